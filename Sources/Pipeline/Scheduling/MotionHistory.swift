import SceneAnalysis
import Tracking

/// How the image content of each recent frame lies relative to the first frame: the measured
/// motions composed. The motion between two frames moves a read made on an older frame into the
/// newer frame's pixels.
struct MotionHistory {
    /// For each remembered frame, the motion from the first frame to it.
    private var positions: [UInt64: ImageMotion] = [:]
    private var latest: (sequence: UInt64, motion: ImageMotion)?
    /// Frames older than this many frames before the latest are forgotten.
    let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// Records a frame with its motion since the previous recorded frame (`nil` counts as none).
    mutating func record(sequence: UInt64, motion: ImageMotion?) {
        let previous = latest?.motion ?? .identity
        let position = previous.followed(by: motion ?? .identity)
        positions[sequence] = position
        latest = (sequence, position)
        // Forget old frames in batches, not on every frame.
        if positions.count > capacity + capacity / 2 {
            let oldest = sequence >= UInt64(capacity) ? sequence - UInt64(capacity) : 0
            positions = positions.filter { $0.key > oldest }
        }
    }

    /// Forgets every frame before a cut: what was read on them no longer maps onto the picture.
    mutating func cut() {
        positions.removeAll()
        latest = nil
    }

    /// How content moved from frame `from` to the latest frame, or `nil` if `from` is forgotten.
    func offset(from sequence: UInt64) -> ImageMotion? {
        guard let latest, let then = positions[sequence], let back = then.inverse else { return nil }
        return back.followed(by: latest.motion)
    }
}

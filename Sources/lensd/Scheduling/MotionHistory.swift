import Tracking

/// Where the image content of each recent frame lies relative to the first frame: the sum of the
/// measured motions. The offset between two frames moves a read made on an older frame into the
/// newer frame's pixels.
struct MotionHistory {
    private var positions: [UInt64: (x: Double, y: Double)] = [:]
    private var latest: (sequence: UInt64, x: Double, y: Double)?
    /// Frames older than this many frames before the latest are forgotten.
    let capacity: Int

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// Records a frame with its motion since the previous recorded frame (`nil` counts as none).
    mutating func record(sequence: UInt64, motion: (dx: Double, dy: Double)?) {
        let previous: (x: Double, y: Double) = latest.map { ($0.x, $0.y) } ?? (0, 0)
        let position = (x: previous.x + (motion?.dx ?? 0), y: previous.y + (motion?.dy ?? 0))
        positions[sequence] = position
        latest = (sequence, position.x, position.y)
        if positions.count > capacity {
            let oldest = sequence >= UInt64(capacity) ? sequence - UInt64(capacity) : 0
            positions = positions.filter { $0.key > oldest }
        }
    }

    /// How far content moved from frame `from` to the latest frame, or `nil` if `from` is forgotten.
    func offset(from sequence: UInt64) -> (dx: Double, dy: Double)? {
        guard let latest, let then = positions[sequence] else { return nil }
        return (latest.x - then.x, latest.y - then.y)
    }
}

import Capture
import DequeModule
import OCR
import Synchronization

/// Text-line proposals made ahead of need in a `--fast` replay. A worker with no job to run
/// proposes the lines (``RegionRecognizer/propose(luma:width:height:stride:keepingLinesAtEdges:)``)
/// of the next frame read but not yet planned, and that frame's scan takes them instead of
/// proposing again. Proposals depend on nothing but the frame's pixels, so a replay prints the
/// same either way; the work fills time in which a worker would wait, while the frame thread
/// waits for a whole-frame pass or a frame's last line read that the other worker runs.
/// A live run has no frames ahead and does not use it.
final class ProposalsAhead: Sendable {
    private struct State {
        /// Frames read and not yet planned nor proposed, oldest first.
        var waiting: Deque<Frame> = []
        /// Proposals made, by frame sequence, until that frame's scan takes them.
        var ready: [UInt64: [TextRegion]] = [:]
    }

    /// Frames planned this many frames ago whose scans have not taken their proposals never
    /// will (their frame was still, or its scan ran first): dropped.
    static let keptFrames: UInt64 = 16

    private let state = Mutex(State())
    private let recognizers: RegionRecognizerPool

    init(recognizers: RegionRecognizerPool) {
        self.recognizers = recognizers
    }

    /// A frame the replay has read (its source thread), to propose when a worker has time.
    func offer(_ frame: Frame) {
        state.withLock { $0.waiting.append(frame) }
    }

    /// The frame thread is about to plan frame `sequence`: frames up to it are no longer ahead.
    func planning(_ sequence: UInt64) {
        state.withLock { state in
            while let first = state.waiting.first, first.sequence <= sequence { state.waiting.removeFirst() }
            if sequence >= Self.keptFrames {
                state.ready = state.ready.filter { $0.key > sequence - Self.keptFrames }
            }
        }
    }

    /// Proposes the lines of the oldest frame ahead; `false` when there is none.
    func proposeNext() -> Bool {
        guard let frame = state.withLock({ $0.waiting.popFirst() }) else { return false }
        let lines = recognizers.withRecognizer { recognizer in
            frame.luma.withUnsafeBufferPointer {
                recognizer.propose(luma: $0, width: frame.width, height: frame.height, stride: frame.stride, keepingLinesAtEdges: true)
            }
        }
        state.withLock { $0.ready[frame.sequence] = lines }
        return true
    }

    /// The proposals made ahead for frame `sequence`, if any (taken: asked again, `nil`).
    func take(_ sequence: UInt64) -> [TextRegion]? {
        state.withLock { $0.ready.removeValue(forKey: sequence) }
    }
}

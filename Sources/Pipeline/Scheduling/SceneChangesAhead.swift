import Capture
import SceneAnalysis
import Synchronization
import Tracking

/// Scene changes measured ahead of need in a `--fast` replay: the thread that reads the frames
/// runs the ``SceneChangeDetector`` on each one as it is read, and the frame thread takes the
/// result instead of measuring it. The detector's result depends on nothing but the frames'
/// pixels in order, and every frame of a `--fast` replay is measured in order exactly once, so
/// a replay prints the same either way. The measuring then runs beside the frame thread, up to
/// the frames read ahead (``ReplayPipeline/fastReadAhead``), while that thread waits for the
/// reads due on a frame and a worker has no job. A live run has no frames ahead, drops frames
/// when it falls behind, and does not use it.
final class SceneChangesAhead: Sendable {
    /// A frame's measured change and the seconds measuring it took.
    struct Measured: Sendable {
        var change: SceneChange
        var seconds: Double
    }

    /// Only the reading thread uses it, one frame after another.
    private let detector: Mutex<SceneChangeDetector>
    /// Changes measured, by frame sequence, until the frame thread takes them.
    private let measured = Mutex<[UInt64: Measured]>([:])

    init(detector: SceneChangeDetector = SceneChangeDetector()) {
        self.detector = Mutex(detector)
    }

    /// Measures the change of a frame just read (the reading thread, in frame order).
    func measure(_ frame: Frame) {
        let began = MonotonicInstant.now()
        let change = detector.withLock { detector in
            frame.luma.withUnsafeBufferPointer {
                detector.update(luma: $0, width: frame.width, height: frame.height, stride: frame.stride)
            }
        }
        let result = Measured(change: change, seconds: MonotonicInstant.now().seconds(since: began))
        measured.withLock { $0[frame.sequence] = result }
    }

    /// The change measured for frame `sequence`, if any (taken: asked again, `nil`).
    func take(_ sequence: UInt64) -> Measured? {
        measured.withLock { $0.removeValue(forKey: sequence) }
    }
}

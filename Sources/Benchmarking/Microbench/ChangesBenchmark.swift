import Capture
import SceneAnalysis

/// Frames per second of the frame thread's change detection (motion and changed cells) over a
/// recording (`lensd microbench changes`).
public enum ChangesBenchmark {
    /// Runs the change detector over every frame a run, `runs` timed runs; the result is a checksum of every frame's change.
    public static func run(frames: [Frame], runs: Int) -> MicrobenchSummary {
        var checksum = 0
        let rates = Microbench.measure(runs: runs, work: frames.count) {
            var detector = SceneChangeDetector()
            checksum = 0
            for frame in frames {
                let change = detector.update(luma: frame.luma, width: frame.width, height: frame.height, stride: frame.stride)
                checksum = Self.folding(change, into: checksum)
            }
        }
        // 53 bits, as the proposals' checksum: JSON readers hold numbers as doubles.
        let exact = checksum & ((1 << 53) - 1)
        return MicrobenchSummary(benchmark: "changes \(frames[0].width)x\(frames[0].height)", unit: "frames/s", work: frames.count, rates: rates, results: exact)
    }

    /// `checksum` with one frame's result folded in: the motion's exact bits, stillness and
    /// every cell of both masks, so that equal checksums mean equal results.
    static func folding(_ change: SceneChange, into checksum: Int) -> Int {
        var value = checksum
        func fold(_ word: Int) { value = value &* 1_000_003 ^ word }
        if let motion = change.motion {
            for part in [motion.a, motion.b, motion.tx, motion.ty] { fold(Int(truncatingIfNeeded: part.bitPattern)) }
        } else {
            fold(-1)
        }
        fold(change.isStill ? 1 : 0)
        for row in 0..<change.changed.rows {
            for column in 0..<change.changed.columns {
                fold((change.changed[column, row] ? 2 : 0) | (change.cameIntoView[column, row] ? 1 : 0))
            }
        }
        return value
    }
}

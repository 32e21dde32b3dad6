import Capture
import OCR

/// Frames per second of ``TextRegionDetector`` (the text-line proposals every scan computes) over
/// a recording, on one thread (`lensd microbench proposals`).
public enum ProposalsBenchmark {
    /// Proposes every frame's lines a run, `runs` timed runs; the result is a checksum of every proposed box.
    public static func run(frames: [Frame], runs: Int) -> MicrobenchSummary {
        let detector = TextRegionDetector()
        var checksum = 0
        let rates = Microbench.measure(runs: runs, work: frames.count) {
            checksum = 0
            for frame in frames {
                let regions = frame.luma.withUnsafeBufferPointer {
                    detector.detect(luma: $0, width: frame.width, height: frame.height, stride: frame.stride, keepingLinesAtEdges: true)
                }
                for region in regions {
                    let box = region.box
                    checksum = checksum &* 31 &+ (((box.x &* 8191 &+ box.y) &* 8191 &+ box.width) &* 8191 &+ box.height)
                }
            }
        }
        // 53 bits: JSON readers hold numbers as doubles (Foundation's did not read -4016548743639043370 as an Int).
        let exact = checksum & ((1 << 53) - 1)
        return MicrobenchSummary(benchmark: "proposals \(frames[0].width)x\(frames[0].height)", unit: "frames/s", work: frames.count, rates: rates, results: exact)
    }
}

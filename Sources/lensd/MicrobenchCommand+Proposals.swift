import ArgumentParser
import Capture
import OCR
import Pipeline

extension MicrobenchCommand {
    /// `lensd microbench proposals`: frames per second of ``TextRegionDetector`` (the text-line
    /// proposals every scan computes) over a recording, on one thread.
    struct Proposals: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Frames per second of the text-line proposals (what each scan computes) over a recording.",
            discussion: """
                The result is a checksum of every proposed box (with lines cut by the frame's edge, as \
                scans propose them): equal checksums mean equal proposals.
                """)

        @OptionGroup var recording: RecordingOptions

        func run() throws {
            let frames = try MicrobenchCommand.frames(at: recording.path)
            let detector = TextRegionDetector()
            var checksum = 0
            let rates = MicrobenchCommand.measure(runs: recording.runs, work: frames.count) {
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
            Summary(benchmark: "proposals \(frames[0].width)x\(frames[0].height)", unit: "frames/s", work: frames.count, rates: rates, results: exact)
                .print(json: recording.json)
        }
    }
}

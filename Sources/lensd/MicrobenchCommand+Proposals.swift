import ArgumentParser
import Benchmarking

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
            ProposalsBenchmark.run(frames: try recording.frames(), runs: recording.runs).print(json: recording.json)
        }
    }
}

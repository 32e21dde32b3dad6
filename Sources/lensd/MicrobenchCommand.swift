import ArgumentParser
import Benchmarking
import Capture
import Foundation

/// `lensd microbench`: throughput of the CPU-only stages, measured in this process.
///
/// Whole-pipeline speed is measured by replaying sequences; these isolate the parts that run
/// per OCR line (price extraction) and per shown price (conversion), so their cost can be set
/// against a frame's OCR time.
struct MicrobenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "microbench",
        abstract: "Measure the throughput of price extraction, conversion, change detection, text-line proposals, the text detector and the recogniser.",
        discussion: """
            Runs each measurement --runs times (after one warm-up run) and prints the median, \
            the minimum and the maximum. Use a release build: swift build -c release.
            """,
        subcommands: [Extractor.self, Conversions.self, Changes.self, Proposals.self, Detector.self, Recognizer.self])

    /// The options of the benchmarks that replay a recording's frames.
    struct RecordingOptions: ParsableArguments {
        @Argument(help: "Frames to replay (a Y4M file or image directory).")
        var path: String

        @Option(help: "Timed runs over all frames.")
        var runs = 5

        @Flag(help: "Print one JSON object.")
        var json = false

        /// Every frame of the recording, in memory.
        func frames() throws -> [Frame] {
            do throws(MicrobenchError) {
                return try Microbench.frames(at: path)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    struct Extractor: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lines per second of the price extractor over a labelled corpus.")

        @Option(help: ArgumentHelp("JSON array of {\"text\", \"source\", \"bareNumbers\"} lines.", valueName: "file"))
        var corpus = "Tests/PriceParsingTests/Fixtures/price-corpus.json"

        @Option(help: "Passes over the corpus per run.")
        var passes = 50

        @Option(help: "Timed runs.")
        var runs = 5

        @Flag(help: "Print one JSON object.")
        var json = false

        func run() throws {
            guard let data = FileManager.default.contents(atPath: corpus) else {
                throw ValidationError("\(corpus): cannot read")
            }
            let lines: [ExtractorBenchmark.Line]
            do {
                lines = try JSONDecoder().decode([ExtractorBenchmark.Line].self, from: data)
            } catch {
                throw ValidationError("\(corpus): not a corpus: \(error)")
            }
            ExtractorBenchmark.run(lines: lines, passes: passes, runs: runs).print(json: json)
        }
    }

    struct Conversions: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Conversions per second (Decimal arithmetic, rounding and formatting) with the bundled rates.")

        @Option(help: "Conversions per run.")
        var count = 100_000

        @Option(help: "Timed runs.")
        var runs = 5

        @Flag(help: "Print one JSON object.")
        var json = false

        func run() throws {
            do throws(MicrobenchError) {
                try ConversionBenchmark.run(count: count, runs: runs).print(json: json)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    struct Changes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Frames per second of the frame thread's change detection (motion and changed cells) over a recording.",
            discussion: """
                The result is a checksum of every frame's motion (its exact bits), stillness and changed and \
                came-into-view cells: equal checksums mean equal results.
                """)

        @OptionGroup var recording: RecordingOptions

        func run() throws {
            ChangesBenchmark.run(frames: try recording.frames(), runs: recording.runs).print(json: recording.json)
        }
    }
}

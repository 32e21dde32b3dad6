import ArgumentParser
import Capture
import Conversion
import Foundation
import Pipeline
import PriceParsing
import SceneAnalysis
import Tracking

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

    /// Median, minimum and maximum of per-run rates.
    struct Summary: Encodable {
        var benchmark: String
        var unit: String
        var work: Int
        var runs: Int
        var median: Double
        var minimum: Double
        var maximum: Double
        /// What the measured work produced in one run (prices found, conversions made): a check that it ran.
        var results: Int

        init(benchmark: String, unit: String, work: Int, rates: [Double], results: Int) {
            let sorted = rates.sorted()
            self.benchmark = benchmark
            self.unit = unit
            self.work = work
            self.runs = rates.count
            self.median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            self.minimum = sorted.first ?? 0
            self.maximum = sorted.last ?? 0
            self.results = results
        }

        func print(json: Bool) {
            if json {
                MicrobenchCommand.printJSON(self)
            } else {
                Swift.print("\(benchmark): median \(Int(median)) \(unit) (min \(Int(minimum)), max \(Int(maximum)); \(runs) runs of \(work), \(results) results each)")
            }
        }
    }

    /// Prints `value` as one JSON object with sorted keys.
    static func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        Swift.print(String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self))
    }

    /// Milliseconds per work item over runs measured as rates (``measure(runs:work:_:)``).
    struct Milliseconds {
        var median: Double
        var minimum: Double
        var maximum: Double
        var runs: Int

        init(rates: [Double]) {
            let sorted = rates.map { $0 > 0 ? 1000 / $0 : 0 }.sorted()
            median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            minimum = sorted.first ?? 0
            maximum = sorted.last ?? 0
            runs = sorted.count
        }
    }

    /// The options of the benchmarks that replay a recording's frames.
    struct RecordingOptions: ParsableArguments {
        @Argument(help: "Frames to replay (a Y4M file or image directory).")
        var path: String

        @Option(help: "Timed runs over all frames.")
        var runs = 5

        @Flag(help: "Print one JSON object.")
        var json = false
    }

    /// Every frame of a recording (a Y4M file or an image directory), in memory.
    static func frames(at path: String) throws -> [Frame] {
        var frames: [Frame] = []
        do throws(ReplayError) {
            let source = try ReplaySource.open(paths: [path])
            while let event = try source.next() {
                if case .frame(let frame) = event { frames.append(frame) }
            }
        } catch {
            throw ValidationError(error.description)
        }
        guard !frames.isEmpty else { throw ValidationError("\(path): no frames") }
        return frames
    }

    /// Times `body` `runs` times after one warm-up; returns work items per second for each run.
    static func measure(runs: Int, work: Int, _ body: () -> Void) -> [Double] {
        body()
        let clock = ContinuousClock()
        return (0..<runs).map { _ in
            let elapsed = clock.measure(body)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            return seconds > 0 ? Double(work) / seconds : 0
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

        struct Line: Decodable {
            var text: String
            var source: String?
            var bareNumbers: Bool?
        }

        func run() throws {
            guard let data = FileManager.default.contents(atPath: corpus) else {
                throw ValidationError("\(corpus): cannot read")
            }
            let lines: [Line]
            do {
                lines = try JSONDecoder().decode([Line].self, from: data)
            } catch {
                throw ValidationError("\(corpus): not a corpus: \(error)")
            }
            // One extractor per configuration, as the daemon keeps one for its run.
            var extractors: [String: PriceExtractor] = [:]
            let work = lines.map { line -> (PriceExtractor, TextLine) in
                let key = "\(line.source ?? "USD")/\(line.bareNumbers ?? false)"
                let extractor = extractors[key] ?? PriceExtractor(configuration: .init(
                    sourceCurrency: line.source ?? "USD", acceptsBareNumbers: line.bareNumbers ?? false))
                extractors[key] = extractor
                let box = PixelRect(x: 10, y: 10, width: Double(line.text.count) * 12, height: 24)
                return (extractor, TextLine(text: line.text, box: box, confidence: 0.9, words: [
                    TextLine.Word(text: line.text, box: box, confidence: 0.9),
                ]))
            }
            var found = 0
            let rates = MicrobenchCommand.measure(runs: runs, work: work.count * passes) {
                found = 0
                for _ in 0..<passes {
                    for (extractor, line) in work {
                        found += extractor.prices(in: line).count
                    }
                }
            }
            Summary(benchmark: "extractor", unit: "lines/s", work: work.count * passes, rates: rates, results: found)
                .print(json: json)
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
            let table: RateTable
            do throws(RateError) {
                table = try RateTable.bundled()
            } catch {
                throw ValidationError(error.description)
            }
            let converter = CurrencyConverter(rates: table, locale: Locale(identifier: "en_US"))
            let pairs = [("USD", "EUR"), ("EUR", "JPY"), ("GBP", "CHF"), ("CZK", "USD"), ("JPY", "KRW")]
            let amounts = (0..<97).map { Decimal($0 * 1_301 % 100_000) / 100 }
            var failures = 0, converted = 0
            let rates = MicrobenchCommand.measure(runs: runs, work: count) {
                converted = 0
                for index in 0..<count {
                    let (from, to) = pairs[index % pairs.count]
                    do throws(ConversionError) {
                        converted += try converter.convert(amounts[index % amounts.count], from: from, to: to).formatted.isEmpty ? 0 : 1
                    } catch {
                        failures += 1
                    }
                }
            }
            guard failures == 0 else {
                throw ValidationError("\(failures) conversions failed")
            }
            Summary(benchmark: "conversion", unit: "conversions/s", work: count, rates: rates, results: converted)
                .print(json: json)
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
            let frames = try MicrobenchCommand.frames(at: recording.path)
            var checksum = 0
            let rates = MicrobenchCommand.measure(runs: recording.runs, work: frames.count) {
                var detector = SceneChangeDetector()
                checksum = 0
                for frame in frames {
                    let change = detector.update(luma: frame.luma, width: frame.width, height: frame.height, stride: frame.stride)
                    checksum = Self.folding(change, into: checksum)
                }
            }
            // 53 bits, as the proposals' checksum: JSON readers hold numbers as doubles.
            let exact = checksum & ((1 << 53) - 1)
            Summary(benchmark: "changes \(frames[0].width)x\(frames[0].height)", unit: "frames/s", work: frames.count, rates: rates, results: exact)
                .print(json: recording.json)
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
}

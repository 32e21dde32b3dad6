import ArgumentParser
import Benchmarking
import Foundation
import Inference
import TextRecognition

extension MicrobenchCommand {
    /// `lensd microbench recognizer`: what one line read by the trained recogniser costs at each
    /// input width, and one look of the direction classifier, on one thread.
    struct Recognizer: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Milliseconds per line of the trained recogniser at each input width, and of the direction classifier, on one thread.",
            discussion: """
                Reads a line of printed-looking strokes (48 pixels high, as wide as each input width) \
                --lines times per run; the figures are the median, minimum and maximum over --runs \
                of the mean per line.
                """)

        @Option(help: "Input widths, comma separated (each a width the recogniser reads lines at).")
        var widths = "160,320,640"

        @Option(help: "Lines read per run.")
        var lines = 20

        @Option(help: "Timed runs.")
        var runs = 5

        @Option(name: .customLong("rec-model"), help: "The recogniser's folder (default: the installed one).")
        var modelDirectory: String?

        @Option(name: .customLong("inference-runtime"), help: "The inference runtime's folder (default: the installed one).")
        var runtimePath: String?

        @Flag(help: "Print one JSON object a line.")
        var json = false

        func run() throws {
            let parsed = widths.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !parsed.isEmpty, parsed.allSatisfy({ (8...2048).contains($0) }) else {
                throw ValidationError("--widths: give widths between 8 and 2048, comma separated (\(widths))")
            }
            guard lines > 0, runs > 0 else { throw ValidationError("--lines and --runs must be more than 0") }
            let recognizer: TextRecognizer
            do {
                let runtime = try InferenceRuntime.load(directory: InferenceRuntime.resolveDirectory(explicit: runtimePath))
                let model = try RecognizerModel(directory: RecognizerModel.resolveDirectory(explicit: modelDirectory))
                recognizer = try TextRecognizer(runtime: runtime, model: model)
            } catch let error as InferenceRuntimeError {
                throw ValidationError(error.description)
            } catch let error as RecognizerError {
                throw ValidationError(error.description)
            }
            for width in parsed {
                let rates = try timeLines(width: width) { pixels, width, height throws(RecognizerError) in
                    _ = try recognizer.read(luma: pixels, width: width, height: height, stride: width)
                }
                report(benchmark: "recogniser 48x\(width)", width: width, rates: rates)
            }
            let width = RecognizerModel.directionWidth
            let rates = try timeLines(width: width) { pixels, width, height throws(RecognizerError) in
                _ = try recognizer.upsideDownProbability(luma: pixels, width: width, height: height, stride: width)
            }
            report(benchmark: "direction classifier 48x\(width)", width: width, rates: rates)
        }

        /// Lines a second of `work` on a line of strokes `width` pixels wide, one figure a run.
        private func timeLines(
            width: Int, _ work: (UnsafeBufferPointer<UInt8>, Int, Int) throws(RecognizerError) -> Void
        ) throws -> [Double] {
            do throws(RecognizerError) {
                return try RecognizerBenchmark.timeLines(width: width, lines: lines, runs: runs, work)
            } catch {
                throw ValidationError(error.description)
            }
        }

        private func report(benchmark: String, width: Int, rates: [Double]) {
            let milliseconds = MicrobenchMilliseconds(rates: rates)
            let figure = RecognizerBenchmark.Figure(benchmark: benchmark, width: width, milliseconds: milliseconds)
            if json {
                Microbench.printJSON(figure)
            } else {
                print(figure.benchmark + String(
                    format: ": median %.1f ms a line (min %.1f, max %.1f; %d runs of %d lines)",
                    figure.medianMilliseconds, figure.minimumMilliseconds, figure.maximumMilliseconds, milliseconds.runs, lines))
            }
        }
    }
}

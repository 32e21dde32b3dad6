import PriceParsing
import SceneAnalysis

/// Lines per second of the price extractor over a labelled corpus (`lensd microbench extractor`).
public enum ExtractorBenchmark {
    /// One line of the corpus: its text, and the extractor's source currency and bare-number setting.
    public struct Line: Decodable {
        var text: String
        var source: String?
        var bareNumbers: Bool?
    }

    /// Extracts the prices of every line `passes` times a run, `runs` timed runs.
    public static func run(lines: [Line], passes: Int, runs: Int) -> MicrobenchSummary {
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
        let rates = Microbench.measure(runs: runs, work: work.count * passes) {
            found = 0
            for _ in 0..<passes {
                for (extractor, line) in work {
                    found += extractor.prices(in: line).count
                }
            }
        }
        return MicrobenchSummary(benchmark: "extractor", unit: "lines/s", work: work.count * passes, rates: rates, results: found)
    }
}

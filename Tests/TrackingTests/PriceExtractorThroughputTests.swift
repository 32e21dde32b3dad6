import Foundation
import Testing

@testable import Tracking

/// Lines per second over the labelled corpus, the OCR lines' text repeated; printed for the record.
///
/// Debug builds are an order of magnitude slower than release ones, so the bound here only catches
/// pathological slowdowns; measure with `swift test -c release -Xswiftc -enable-testing --filter Throughput`.
@Suite("PriceExtractor throughput", .serialized)
struct PriceExtractorThroughputTests {
    @Test("parses lines fast enough to run on every OCR line")
    func throughput() throws {
        let lines = try PriceExtractorCorpusTests.loadCorpus().map(\.text)
        let extractor = PriceExtractor(configuration: .init(sourceCurrency: "EUR"))
        _ = extractor.parse("warm up 1,99 €")
        let clock = ContinuousClock()
        var found = 0
        var parsed = 0
        let elapsed = clock.measure {
            for _ in 0..<10 {
                for line in lines {
                    found += extractor.parse(line).count
                    parsed += 1
                }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let linesPerSecond = Double(parsed) / seconds
        let symbolTableSeconds = clock.measure { _ = CurrencySymbolTable() }
        print(
            "price extractor throughput: \(Int(linesPerSecond)) lines/s (\(parsed) lines, \(found) prices);"
                + " symbol table built in \(symbolTableSeconds)")
        #expect(linesPerSecond > 1_000)
    }

    @Test("maps prices to word boxes fast enough to run on every OCR line")
    func boxThroughput() throws {
        let lines = try PriceExtractorCorpusTests.loadCorpus().map { entry in
            PriceExtractorBoxTests.line(entry.text.split(separator: " ").map(String.init))
        }
        let extractor = PriceExtractor(configuration: .init(sourceCurrency: "EUR"))
        let clock = ContinuousClock()
        var found = 0
        let elapsed = clock.measure {
            for _ in 0..<5 {
                for line in lines { found += extractor.prices(in: line).count }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let linesPerSecond = Double(lines.count * 5) / seconds
        print("price extractor with word boxes: \(Int(linesPerSecond)) lines/s (\(found) prices)")
        #expect(linesPerSecond > 1_000)
    }
}

import Foundation
import Testing

@testable import PriceParsing

/// Precision and recall over the labelled corpus in `Fixtures/price-corpus.json`.
///
/// Each entry is one OCR-style line with the source currency to assume and the prices a person reads
/// in it (amount, ISO currency, the printed span, unit and multi-buy quantity). A found price counts as
/// correct when amount, currency and span all match a labelled one.
@Suite("PriceExtractor labelled corpus")
struct PriceExtractorCorpusTests {
    struct Entry: Decodable {
        struct Price: Decodable {
            var amount: String
            var currency: String
            var span: String
            var unit: String?
            var quantity: Int?
        }

        var text: String
        var source: String
        var bareNumbers: Bool
        var tag: String
        var prices: [Price]
    }

    struct Score {
        var truePositives = 0
        var falsePositives = 0
        var falseNegatives = 0
        var unitsAndQuantitiesRight = 0
        var misses: [String] = []

        var precision: Double { Double(truePositives) / Double(max(1, truePositives + falsePositives)) }
        var recall: Double { Double(truePositives) / Double(max(1, truePositives + falseNegatives)) }
    }

    static func loadCorpus() throws -> [Entry] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/price-corpus.json")
        return try JSONDecoder().decode([Entry].self, from: Data(contentsOf: url))
    }

    static func score(_ corpus: [Entry]) -> Score {
        var score = Score()
        for entry in corpus {
            let extractor = PriceExtractor(
                configuration: .init(sourceCurrency: entry.source, acceptsBareNumbers: entry.bareNumbers))
            var found = extractor.parse(entry.text)
            for expected in entry.prices {
                let amount = Decimal(string: expected.amount)
                if let hit = found.firstIndex(where: {
                    $0.amount == amount && $0.currency == expected.currency && $0.text == expected.span
                }) {
                    score.truePositives += 1
                    if found[hit].unit == expected.unit && found[hit].quantity == expected.quantity {
                        score.unitsAndQuantitiesRight += 1
                    } else {
                        score.misses.append("unit/quantity \(entry.text): \(found[hit].unit ?? "-") \(found[hit].quantity ?? 0)")
                    }
                    found.remove(at: hit)
                } else {
                    score.falseNegatives += 1
                    score.misses.append("missed [\(entry.tag)] \(entry.text) [\(entry.source)]: \(expected.amount) \(expected.currency) '\(expected.span)'")
                }
            }
            for extra in found {
                score.falsePositives += 1
                score.misses.append("extra [\(entry.tag)] \(entry.text) [\(entry.source)]: \(extra.amount) \(extra.currency) '\(extra.text)'")
            }
        }
        return score
    }

    @Test("corpus covers at least 400 lines and 20 currencies")
    func corpusIsLargeAndVaried() throws {
        let corpus = try Self.loadCorpus()
        #expect(corpus.count >= 400)
        #expect(Set(corpus.flatMap { $0.prices.map(\.currency) }).count >= 20)
        #expect(corpus.filter { $0.prices.isEmpty }.count >= 100)
    }

    @Test("finds the labelled prices with high precision and recall")
    func precisionAndRecall() throws {
        let corpus = try Self.loadCorpus()
        for part in ["holdout-", "holdout2-"] {
            let holdout = Self.score(corpus.filter { $0.tag.hasPrefix(part) })
            print(
                "price corpus, held-out part \(part): precision \(String(format: "%.4f", holdout.precision))"
                    + " recall \(String(format: "%.4f", holdout.recall))"
                    + " (tp \(holdout.truePositives), fp \(holdout.falsePositives), fn \(holdout.falseNegatives))")
        }
        let score = Self.score(corpus)
        let unitRate = Double(score.unitsAndQuantitiesRight) / Double(max(1, score.truePositives))
        print(
            "price corpus: precision \(String(format: "%.4f", score.precision)) recall \(String(format: "%.4f", score.recall))"
                + " (tp \(score.truePositives), fp \(score.falsePositives), fn \(score.falseNegatives));"
                + " unit and quantity right on \(String(format: "%.4f", unitRate)) of found prices")
        for miss in score.misses { print("  \(miss)") }
        #expect(score.precision >= 0.97)
        #expect(score.recall >= 0.95)
    }
}

import Foundation
import Testing

@testable import PriceParsing

/// Arbitrary OCR garbage must never trap and must give consistent results.
@Suite("PriceExtractor robustness")
struct PriceExtractorRobustnessTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet: [String] = [
        "0", "1", "2", "5", "9", "9", "0", ".", ",", " ", " ", "\u{00A0}", "\u{202F}", "'", "’", "-", "–", ":", "/", "%",
        "$", "€", "£", "¥", "₹", "¢", "¤", "kr", "Kč", "zł", "R$", "Fr.", "CHF", "EUR", "USD", "O", "l", "I", "|", "S",
        "B", "x", "for", "g", "kg", "/lb", "(", ")", "+", "#", "a", "é", "\u{0301}", "\u{200F}", "円", "個で", "\n",
    ]

    @Test("never traps and keeps spans, amounts and certainties consistent on random lines")
    func randomLines() {
        var generator = SplitMix(state: 0x1E45D)
        let extractors = [
            PriceExtractor(), PriceExtractor(configuration: .init(sourceCurrency: "EUR", acceptsBareNumbers: true)),
            PriceExtractor(configuration: .init(sourceCurrency: "KWD")),
        ]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...14, using: &generator)
            let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator) ?? "" }.joined()
            for extractor in extractors {
                var previousEnd = text.startIndex
                for price in extractor.parse(text) {
                    #expect(price.span.lowerBound >= previousEnd, "\(text.debugDescription)")
                    #expect(price.span.upperBound <= text.endIndex)
                    #expect(String(text.unicodeScalars[price.span]) == price.text)
                    #expect(price.amount >= 0)
                    #expect((0...1).contains(price.certainty))
                    #expect(price.currency.count == 3)
                    previousEnd = price.span.upperBound
                }
            }
        }
    }

    @Test("boxes stay inside the line for random word layouts")
    func randomBoxes() {
        var generator = SplitMix(state: 0xB0C5)
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...5, using: &generator)
            let words = (0..<count).map { _ in
                (0..<Int.random(in: 1...4, using: &generator)).map { _ in Self.alphabet.randomElement(using: &generator) ?? "" }
                    .joined().trimmingCharacters(in: .whitespacesAndNewlines)
            }.filter { !$0.isEmpty }
            guard !words.isEmpty else { continue }
            let heights = words.map { _ in Double.random(in: 8...30, using: &generator) }
            let line = PriceExtractorBoxTests.line(words, confidence: 0.8, heights: heights)
            for price in PriceExtractor().prices(in: line) {
                #expect(price.box.x >= line.box.x - 1e-9 && price.box.maxX <= line.box.maxX + 1e-9, "\(line.text.debugDescription)")
                #expect((0...1).contains(price.confidence))
            }
        }
    }
}

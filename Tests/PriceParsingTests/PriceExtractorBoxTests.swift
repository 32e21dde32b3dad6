import Foundation
import SceneAnalysis
import Testing

@testable import PriceParsing

@Suite("PriceExtractor boxes and confidence")
struct PriceExtractorBoxTests {
    /// Lays words out left to right, 10 px per character and a 10 px space, all 20 px tall.
    static func line(_ words: [String], confidence: Double = 0.9, heights: [Double]? = nil) -> TextLine {
        var x = 100.0
        var placed: [TextLine.Word] = []
        for (index, text) in words.enumerated() {
            let width = Double(text.count) * 10
            let height = heights?[index] ?? 20
            placed.append(TextLine.Word(text: text, box: PixelRect(x: x, y: 50, width: width, height: height), confidence: confidence))
            x += width + 10
        }
        let box = placed.dropFirst().reduce(placed[0].box) { $0.union($1.box) }
        return TextLine(text: words.joined(separator: " "), box: box, confidence: confidence, words: placed)
    }

    @Test("boxes a price as the union of the words it was read from")
    func unionOfWordBoxes() throws {
        let line = Self.line(["Milch", "1,29", "€", "Brot", "2,49€"])
        let prices = PriceExtractor().prices(in: line)
        #expect(prices.map(\.text) == ["1,29 €", "2,49€"])
        let first = try #require(prices.first)
        #expect(first.box == line.words[1].box.union(line.words[2].box))
        #expect(first.currency == "EUR")
        #expect(prices.last?.box == line.words[4].box)
    }

    @Test("scales confidence by the words' OCR confidence")
    func confidenceCombinesOCR() throws {
        let sure = try #require(PriceExtractor().prices(in: Self.line(["$12.99"], confidence: 1)).first)
        let unsure = try #require(PriceExtractor().prices(in: Self.line(["$12.99"], confidence: 0.5)).first)
        #expect(sure.confidence > unsure.confidence)
        #expect(abs(unsure.confidence - sure.confidence / 2) < 1e-9)
        #expect((0...1).contains(sure.confidence))
    }

    @Test("falls back to a proportional slice of the line box when words do not match the text")
    func proportionalFallback() throws {
        let words = [TextLine.Word(text: "garbled", box: PixelRect(x: 0, y: 0, width: 100, height: 20), confidence: 0.8)]
        let line = TextLine(text: "ab $5.00 cd", box: PixelRect(x: 0, y: 0, width: 110, height: 20), confidence: 0.7, words: words)
        let price = try #require(PriceExtractor().prices(in: line).first)
        #expect(price.text == "$5.00")
        #expect(abs(price.box.x - 30) < 1e-9)
        #expect(abs(price.box.width - 50) < 1e-9)
        #expect(price.box.height == 20)
    }

    @Test("restores the decimal point of superscript cents from smaller word boxes")
    func superscriptCents() throws {
        let line = Self.line(["$1", "99"], heights: [30, 15])
        let price = try #require(PriceExtractor().prices(in: line).first)
        #expect(price.amount == Decimal(string: "1.99"))
        #expect(price.box == line.words[0].box.union(line.words[1].box))
    }

    @Test("keeps same-height words apart, and takes neither for a price")
    func sameHeightWordsStayApart() {
        let line = Self.line(["$1", "99"])
        #expect(PriceExtractor().prices(in: line).isEmpty)
    }
}

extension PriceExtractorBoxTests {
    @Test("boxes a price printed across several words, and only those words")
    func multiWordPrice() throws {
        let line = Self.line(["Cena", "1", "299", "Kč", "za", "kus"])
        let price = try #require(PriceExtractor(configuration: .init(sourceCurrency: "CZK")).prices(in: line).first)
        #expect(price.amount == 1299)
        #expect(price.text == "1 299 Kč")
        #expect(price.box == line.words[1].box.union(line.words[2].box).union(line.words[3].box))
    }

    @Test("maps spans to words when the engine's line text has extra spaces")
    func extraSpacesInLineText() throws {
        let words = Self.line(["Total", "€", "9,99"]).words
        let line = TextLine(text: "Total  €  9,99", box: PixelRect(x: 100, y: 50, width: 120, height: 20), confidence: 0.9, words: words)
        let price = try #require(PriceExtractor().prices(in: line).first)
        #expect(price.text == "€  9,99")
        #expect(price.box == words[1].box.union(words[2].box))
    }

    @Test("gives each price of a line its own box")
    func separateBoxes() {
        let line = Self.line(["$1.99", "-", "$2.49", "3", "for", "$5"])
        let prices = PriceExtractor().prices(in: line)
        #expect(prices.map(\.box) == [line.words[0].box, line.words[2].box, line.words[5].box])
        #expect(prices.last?.quantity == 3)
    }
}

import Testing
@testable import OCR

@Suite("DecimalWordJoiner")
struct DecimalWordJoinerTests {
    private func line(_ words: [(String, Int, Int)]) -> OCRLine {
        let items = words.map { OCRWord(text: $0.0, box: OCRRect(x: $0.1, y: 10, width: $0.2, height: 30), confidence: 0.9) }
        return OCRLine(text: items.map(\.text).joined(separator: " "), box: OCRRect(x: 0, y: 10, width: 400, height: 30), confidence: 0.9, words: items)
    }

    @Test("joins an amount split after its decimal comma")
    func joinsSplitAmount() {
        let joined = DecimalWordJoiner.joined(line([("SUMME", 0, 90), ("36,", 200, 45), ("20", 260, 30)]))
        #expect(joined.text == "SUMME 36,20")
        #expect(joined.words.last?.box == OCRRect(x: 200, y: 10, width: 90, height: 30))
    }

    @Test("joins minor units followed by a currency sign")
    func joinsWithTrailingSign() {
        #expect(DecimalWordJoiner.joined(line([("3.", 0, 30), ("55€", 40, 45)])).text == "3.55€")
    }

    @Test("joins a thousands group split after its separator")
    func joinsThousandsGroup() {
        #expect(DecimalWordJoiner.joined(line([("¥4,", 0, 40), ("250", 50, 45)])).text == "¥4,250")
        #expect(DecimalWordJoiner.joined(line([("€", 0, 20), ("1.", 25, 20), ("299,00", 50, 80)])).text == "€ 1.299,00")
    }

    @Test("leaves words far apart, other digit counts and non-numbers alone")
    func leavesOthersAlone() {
        #expect(DecimalWordJoiner.joined(line([("36,", 0, 45), ("20", 200, 30)])).text == "36, 20")
        #expect(DecimalWordJoiner.joined(line([("1,", 0, 30), ("2500", 40, 60)])).text == "1, 2500")
        #expect(DecimalWordJoiner.joined(line([("4,", 0, 30), ("5", 40, 15)])).text == "4, 5")
        #expect(DecimalWordJoiner.joined(line([("Art.", 0, 60), ("12", 70, 30)])).text == "Art. 12")
    }

    @Test("joins minor units whose box lies inside the amount's box before them")
    func joinsOverlappingWords() {
        // Tesseract boxed `284,` over the whole amount and `31` inside it (`RS 284, 31`).
        #expect(DecimalWordJoiner.joined(line([("RS", 0, 41), ("284,", 41, 150), ("31", 150, 40)])).text == "RS 284,31")
        // A word starting before the amount's start is not its minor units.
        #expect(DecimalWordJoiner.joined(line([("284,", 41, 150), ("31", 30, 40)])).text == "284, 31")
    }
}

import Testing
@testable import OCR

@Suite("OCRLine.surer")
struct OCRLineSurerTests {
    static func line(_ text: String, x: Int, y: Int, width: Int = 60, height: Int = 20, confidence: Double) -> OCRLine {
        let box = OCRRect(x: x, y: y, width: width, height: height)
        return OCRLine(text: text, box: box, confidence: confidence, words: [OCRWord(text: text, box: box, confidence: confidence)])
    }

    @Test func theSurerReadOfALineReadByBothLooksStands() {
        let upright = [Self.line("399", x: 10, y: 10, confidence: 0.6), Self.line("12.49", x: 10, y: 100, confidence: 0.95)]
        let turned = [Self.line("398", x: 12, y: 11, confidence: 0.9), Self.line("1249", x: 11, y: 102, confidence: 0.7)]
        let merged = OCRLine.surer(upright, turned)
        #expect(Set(merged.map(\.text)) == ["398", "12.49"])
    }

    @Test func linesOnlyOneLookReadAllStay() {
        let upright = [Self.line("399", x: 10, y: 10, confidence: 0.6)]
        let turned = [Self.line("229", x: 300, y: 10, confidence: 0.5)]
        #expect(OCRLine.surer(upright, turned).map(\.text) == ["399", "229"])
    }

    @Test func aLineReplacesSeveralPiecesOnlyWhenSurerThanEachOfThem() {
        let pieces = [
            Self.line("3", x: 10, y: 10, width: 20, confidence: 0.5), Self.line("99", x: 35, y: 10, width: 30, confidence: 0.9),
        ]
        #expect(OCRLine.surer(pieces, [Self.line("399", x: 10, y: 10, confidence: 0.8)]).map(\.text) == ["3", "99"])
        #expect(OCRLine.surer(pieces, [Self.line("399", x: 10, y: 10, confidence: 0.95)]).map(\.text) == ["399"])
    }

    @Test func boxesThatBarelyTouchAreDifferentLines() {
        let upright = [Self.line("399", x: 0, y: 0, confidence: 0.9)]
        let turned = [Self.line("229", x: 50, y: 0, confidence: 0.95)]
        #expect(OCRLine.surer(upright, turned).count == 2)
    }
}

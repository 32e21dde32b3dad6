import Testing
@testable import OCR

/// Finding small raised cents in a prepared line, on drawn blocks of ink.
@Suite("SuperscriptCents")
struct SuperscriptCentsTests {
    static let width = 90, height = 70

    /// White with black rectangles (columns, rows), as a prepared line is.
    static func line(_ blocks: [(columns: ClosedRange<Int>, rows: ClosedRange<Int>)]) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height)
        for block in blocks {
            for y in block.rows {
                for x in block.columns { pixels[y * width + x] = 0 }
            }
        }
        return pixels
    }

    static func split(_ pixels: [UInt8]) -> Int? {
        pixels.withUnsafeBufferPointer { SuperscriptCents.split(in: $0, width: width, height: height, margin: 4, threshold: 127) }
    }

    @Test func raisedCentsAfterAGapAreSplitOffBetweenThem() throws {
        let split = try #require(Self.split(Self.line([(10...34, 10...58), (44...70, 10...38)])))
        #expect((35...43).contains(split))
    }

    @Test func aRaisedPartJoinedToItsGlyphIsNoCents() {
        // The right end of a `7`'s bar, or of a `3`'s upper bowl: raised, but no gap before it.
        #expect(Self.split(Self.line([(10...34, 10...58), (35...60, 10...24)])) == nil)
    }

    @Test func aGlyphReachingTheBaselineAtTheEndMeansNoCents() {
        #expect(Self.split(Self.line([(10...34, 10...58), (44...70, 10...58)])) == nil)
    }

    @Test func aReadOfRunTogetherCentsGetsItsDecimalPoint() {
        let word = OCRWord(text: "€395", box: OCRRect(x: 0, y: 0, width: 10, height: 10), confidence: 0.9)
        let line = OCRLine(text: "€395", box: word.box, confidence: 0.9, words: [word])
        #expect(SuperscriptCents.withDecimals([line])?.last?.text == "€3.95")
        let marked = OCRWord(text: "€3.95", box: word.box, confidence: 0.9)
        #expect(SuperscriptCents.withDecimals([OCRLine(text: "€3.95", box: word.box, confidence: 0.9, words: [marked])]) == nil)
    }
}

import Foundation
import Testing
@testable import TextDetection

/// A grey image with glyph blocks drawn on it: a test picture of lines of text.
private struct GlyphPicture {
    let width = 160
    let height = 80
    var pixels: [UInt8]
    let ink: UInt8

    init(background: UInt8 = 220, ink: UInt8 = 30) {
        pixels = [UInt8](repeating: background, count: 160 * 80)
        self.ink = ink
    }

    /// Glyphs `glyphWidth` wide with `gap` columns between them, from `x` for `count` glyphs, over `rows`.
    mutating func line(x: Int, count: Int, rows: Range<Int>, glyphWidth: Int = 6, gap: Int = 2) {
        for glyph in 0..<count {
            let left = x + glyph * (glyphWidth + gap)
            fill(columns: left..<(left + glyphWidth), rows: rows)
        }
    }

    mutating func fill(columns: Range<Int>, rows: Range<Int>) {
        for y in rows {
            for x in columns { pixels[y * width + x] = ink }
        }
    }

    func split(_ box: TextBox) -> [TextBox] {
        pixels.withUnsafeBufferPointer { StackedLines.split([box], luma: $0, width: width, height: height, stride: width) }
    }
}

@Suite struct StackedLinesTests {
    @Test func aBoxOverTwoLinesWithAnEmptyRowBetweenThemBecomesOneBoxPerLine() throws {
        var picture = GlyphPicture()
        picture.line(x: 20, count: 8, rows: 20..<30)
        picture.line(x: 40, count: 5, rows: 32..<44)
        let lines = picture.split(TextBox(x: 14, y: 14, width: 80, height: 36))
        try #require(lines.count == 2)
        #expect(lines[0].center.y > 20 && lines[0].center.y < 30)
        #expect(lines[1].center.y > 32 && lines[1].center.y < 44)
        #expect(lines[1].bounds.x > 30 && lines[1].bounds.x < 40)
        #expect(lines[1].bounds.x + lines[1].bounds.width > 78 && lines[1].bounds.x + lines[1].bounds.width < 86)
    }

    @Test func lightLinesOnADarkGroundAreSplitAlike() {
        var picture = GlyphPicture(background: 25, ink: 240)
        picture.line(x: 20, count: 8, rows: 20..<30)
        picture.line(x: 40, count: 5, rows: 32..<44)
        #expect(picture.split(TextBox(x: 14, y: 14, width: 80, height: 36)).count == 2)
    }

    @Test func aBoxASliverAskewOverUprightLinesIsSplitInUprightRows() {
        var picture = GlyphPicture()
        picture.line(x: 20, count: 12, rows: 20..<30)
        picture.line(x: 20, count: 12, rows: 31..<42)
        let askew = TextBox(center: .init(x: 58, y: 31), width: 100, height: 32, angle: 0.06)
        #expect(picture.split(askew).count == 2)
    }

    @Test func aPriceWithRaisedCentsStaysOneLine() {
        var picture = GlyphPicture()
        picture.line(x: 20, count: 3, rows: 20..<44, glyphWidth: 10, gap: 3)
        picture.line(x: 61, count: 2, rows: 20..<32)
        let box = TextBox(x: 14, y: 14, width: 70, height: 36)
        #expect(picture.split(box) == [box])
    }

    @Test func aLineOverAnUnderlineStaysOneLine() {
        var picture = GlyphPicture()
        picture.line(x: 20, count: 8, rows: 20..<34)
        picture.fill(columns: 20..<82, rows: 36..<38)
        let box = TextBox(x: 14, y: 14, width: 76, height: 30)
        #expect(picture.split(box) == [box])
    }

    @Test func smallPrintTouchingALineIsLeftOutOfItsBox() throws {
        var picture = GlyphPicture()
        picture.line(x: 20, count: 8, rows: 14..<24)
        picture.line(x: 70, count: 4, rows: 27..<40)
        // Small print below and left of the lower line, run into its bottom rows.
        picture.line(x: 20, count: 5, rows: 37..<40, glyphWidth: 5, gap: 1)
        let lines = picture.split(TextBox(x: 14, y: 10, width: 110, height: 34))
        try #require(lines.count == 2)
        #expect(lines[1].bounds.x > 60)
    }

    @Test func boxesOnEndOrTooLowForTwoLinesAreLeftAlone() {
        var picture = GlyphPicture()
        picture.line(x: 20, count: 2, rows: 10..<30)
        picture.line(x: 20, count: 2, rows: 32..<52)
        let onEnd = TextBox(x: 16, y: 6, width: 20, height: 50)
        let low = TextBox(x: 16, y: 12, width: 60, height: 10)
        #expect(picture.split(onEnd) == [onEnd])
        #expect(picture.split(low) == [low])
    }
}

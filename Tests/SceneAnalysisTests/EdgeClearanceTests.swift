import Capture
import Testing
@testable import SceneAnalysis
@testable import Pipeline

@Suite("EdgeClearance")
struct EdgeClearanceTests {
    /// A light 640x480 frame with dark vertical strokes (4 px wide, 4 px apart) in `rows` and
    /// columns 200..<400, as glyphs of a line of text.
    static func frame(strokes rows: Range<Int>) throws -> Frame {
        var luma = [UInt8](repeating: 200, count: 640 * 480)
        for y in rows {
            for x in 200..<400 where (x / 4) % 2 == 0 { luma[y * 640 + x] = 40 }
        }
        return try Frame(luma: luma, width: 640, height: 480, stride: 640, sequence: 0, timestamp: .now())
    }

    @Test("a line whose box reaches near the bottom edge is clear when its glyphs end rows before it")
    func clearWhenTheGlyphsEndBeforeTheEdge() throws {
        // The box (as a coarse level proposes it) runs 8 px past glyphs that end 4 px above the edge.
        let box = PixelRect(x: 196, y: 430, width: 208, height: 48)
        #expect(!OCRScheduler.isInView(box, marginHeights: OCRScheduler.readingEdgeMargin, width: 640, height: 480))
        #expect(EdgeClearance.isClear(box, in: try Self.frame(strokes: 434..<476)))
        // Glyphs cut by the edge reach its rows.
        #expect(!EdgeClearance.isClear(box, in: try Self.frame(strokes: 434..<480)))
        // The same at the top edge.
        let top = PixelRect(x: 196, y: 2, width: 208, height: 48)
        #expect(EdgeClearance.isClear(top, in: try Self.frame(strokes: 4..<46)))
        #expect(!EdgeClearance.isClear(top, in: try Self.frame(strokes: 0..<46)))
    }

    @Test("a line near a side edge, or with too little contrast to tell, is not clear")
    func notClearAtTheSidesOrWithoutContrast() throws {
        let frame = try Self.frame(strokes: 434..<476)
        // Within a fifth of a height of the left edge: the edge may fall between two words.
        #expect(!EdgeClearance.isClear(PixelRect(x: 4, y: 430, width: 400, height: 48), in: frame))
        // A flat box: nothing to compare the edge rows with.
        #expect(!EdgeClearance.isClear(PixelRect(x: 420, y: 430, width: 200, height: 48), in: frame))
    }

    /// A light 640x480 frame with dark strokes in rows 200..<240 over `columns`, as the glyphs of a
    /// price near the right edge.
    static func frame(strokes columns: [Range<Int>]) throws -> Frame {
        var luma = [UInt8](repeating: 200, count: 640 * 480)
        for y in 200..<240 {
            for range in columns {
                for x in range { luma[y * 640 + x] = 40 }
            }
        }
        return try Frame(luma: luma, width: 640, height: 480, stride: 640, sequence: 0, timestamp: .now())
    }

    @Test("a line whose glyphs end before the right edge is clear; one cut by it, or near the left edge, is not")
    func clearAtTheRightEdgeWhenTheGlyphsEndBeforeIt() throws {
        // A box reaching the edge, as a coarse level proposes `2 753 Kč` with its `č` 2 px from it.
        let box = PixelRect(x: 500, y: 196, width: 140, height: 48)
        #expect(!OCRScheduler.isInView(box, marginHeights: OCRScheduler.readingEdgeMargin, width: 640, height: 480))
        let glyphs = (0..<10).map { 506 + 13 * $0 ..< 514 + 13 * $0 } + [630..<638]
        #expect(EdgeClearance.isClear(box, in: try Self.frame(strokes: glyphs)))
        // The last glyph cut by the edge.
        #expect(!EdgeClearance.isClear(box, in: try Self.frame(strokes: glyphs + [638..<640])))
        // The same glyphs mirrored at the left edge: the edge may fall in the gap of `67,|87 €`.
        let mirrored = glyphs.map { 640 - $0.upperBound ..< 640 - $0.lowerBound }
        #expect(!EdgeClearance.isClear(PixelRect(x: 0, y: 196, width: 140, height: 48), in: try Self.frame(strokes: mirrored)))
    }

    @Test("the strip right after a price near the edge is blank only when no further glyph begins in it")
    func blankAfterAPrice() throws {
        let price = PixelRect(x: 500, y: 198, width: 120, height: 44)
        let glyphs = (0..<10).map { 500 + 12 * $0 ..< 506 + 12 * $0 }
        // The price's glyphs end at x 614: 20 px (0.45 heights) of background to the edge.
        #expect(EdgeClearance.isBlankAfter(price, in: try Self.frame(strokes: glyphs)))
        // A further digit 4 px (a tenth of a height) after the box, as in one number.
        #expect(!EdgeClearance.isBlankAfter(price, in: try Self.frame(strokes: glyphs + [624..<630])))
        // Past the strip, a tag's border running to the edge, or a sliver of the next word: no
        // part of the number.
        #expect(EdgeClearance.isBlankAfter(price, in: try Self.frame(strokes: glyphs + [632..<640])))
        #expect(EdgeClearance.isBlankAfter(price, in: try Self.frame(strokes: glyphs + [637..<640])))
        // The edge 6 px after the box, within the strip: it may fall in the gap between two digits.
        let close = PixelRect(x: 510, y: 198, width: 124, height: 44)
        #expect(!EdgeClearance.isBlankAfter(close, in: try Self.frame(strokes: glyphs.map { $0.lowerBound + 10 ..< $0.upperBound + 10 })))
        // A flat box: nothing to compare the strip with.
        #expect(!EdgeClearance.isBlankAfter(PixelRect(x: 500, y: 300, width: 120, height: 44), in: try Self.frame(strokes: glyphs)))
    }
}

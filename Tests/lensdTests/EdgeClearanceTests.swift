import Capture
import Testing
import Tracking
@testable import lensd

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
}

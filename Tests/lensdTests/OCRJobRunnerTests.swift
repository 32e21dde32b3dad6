import OCR
import Testing
import Tracking
@testable import lensd

@Suite("OCRJobRunner")
struct OCRJobRunnerTests {
    @Test("frames a price's second read no taller than the line it was read on")
    func secondReadStaysWithinItsLine() {
        // `R$ 284,31` read on a proposed line 49 px high near the bottom of a 640x480 frame; the
        // line above ends 6 px over it. A crop a fifth of a text height taller than the price took
        // in the neighbours' glyph edges and read `RS 284, 31`.
        let line = PixelRect(x: 154, y: 423, width: 191, height: 49)
        let price = PixelRect(x: 160, y: 430, width: 180, height: 36)
        let crop = OCRJobRunner.region(around: price, within: line, width: 640, height: 480).box
        #expect(crop.y == 423 && crop.y + crop.height == 472)
        // Sideways it is widened by half a text height each side, as a verification crop is.
        let wide = OCRJobRunner.region(around: price, width: 640, height: 480).box
        #expect(crop.x == wide.x && crop.width == wide.width && crop.x == 142)
        #expect(wide.y < crop.y && wide.y + wide.height > 472)
        // A price box taller than its line (a read that took in a descender) keeps its own height.
        let tall = OCRJobRunner.region(around: PixelRect(x: 160, y: 420, width: 180, height: 56), within: line, width: 640, height: 480).box
        #expect(tall.y == 420 && tall.y + tall.height == 476)
    }
}

import Foundation
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

extension OCRJobRunnerTests {
    @Test("counts a line as beside another only on its row, at a similar height, within 1.5 heights")
    func besideIsOnTheSameRowAndClose() {
        // `71.99` read whole while `GBP`, a wide space to its left, is still cut by the frame's edge.
        let amount = PixelRect(x: 121, y: 170, width: 130, height: 37)
        #expect(OCRJobRunner.isBeside(amount, PixelRect(x: -20, y: 168, width: 110, height: 39)))
        #expect(OCRJobRunner.isBeside(amount, PixelRect(x: 290, y: 172, width: 80, height: 34)))
        // Too far, on the next row, or much smaller text (a product name) are not.
        #expect(!OCRJobRunner.isBeside(amount, PixelRect(x: -80, y: 168, width: 110, height: 39)))
        #expect(!OCRJobRunner.isBeside(amount, PixelRect(x: 0, y: 215, width: 110, height: 37)))
        #expect(!OCRJobRunner.isBeside(amount, PixelRect(x: 0, y: 180, width: 110, height: 14)))
    }
}

extension OCRJobRunnerTests {
    private static func price(_ amount: String, x: Double, width: Double = 100) -> DetectedPrice {
        DetectedPrice(
            text: amount, amount: Decimal(string: amount) ?? 0, currency: "USD", currencyEvidence: .default,
            box: PixelRect(x: x, y: 100, width: width, height: 30), confidence: 0.8)
    }

    @Test("reads a price a third time only when its second read found another amount")
    func thirdReadOnlyForDisputedPrices() {
        // `51,966.99` (the `$` read as 5) and `$1,966.99`; `4.58` read again alike; `61.00` whose
        // second crop read nothing.
        let first = [Self.price("51966.99", x: 10, width: 190), Self.price("4.58", x: 300), Self.price("61.00", x: 500)]
        let crops = first.map { PixelRect(x: $0.box.x - 15, y: 95, width: $0.box.width + 30, height: 40) }
        let second = [Self.price("1966.99", x: 5, width: 200), Self.price("4.58", x: 301)]
        #expect(OCRJobRunner.disputed(first, crops: crops, secondReads: second) == [0])
        #expect(OCRJobRunner.disputed(first, crops: crops, secondReads: []) == [])
    }
}


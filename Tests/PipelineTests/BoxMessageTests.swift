import LensProtocol
import PriceParsing
import SceneAnalysis
import Testing
import Tracking
@testable import Pipeline

@Suite("Boxes")
struct BoxMessageTests {
    @Test("normalises a pixel box to the frame with four decimals")
    func normalises() {
        let box = BoxMessage(pixelX: 64, pixelY: 48, pixelWidth: 128, pixelHeight: 24, frameWidth: 640, frameHeight: 480)
        #expect(box == BoxMessage(pixelX: 64, pixelY: 48, pixelWidth: 128, pixelHeight: 24, frameWidth: 640, frameHeight: 480))
        #expect(box.x == 0.1 && box.y == 0.1 && box.width == 0.2 && box.height == 0.05)
    }

    @Test("clips a box reaching out of the frame to it")
    func clips() {
        let box = BoxMessage(pixelX: -10, pixelY: 470, pixelWidth: 100, pixelHeight: 40, frameWidth: 640, frameHeight: 480)
        #expect(box.x == 0 && box.y == 0.9792)
        #expect(box.width == 0.1406 && box.height == 0.0208)
    }

    @Test("a price whose digits end near a side edge counts as cut off there")
    func cutAtDigitEnds() {
        let box = { (x: Double) in PixelRect(x: x, y: 200, width: 80, height: 30) }
        // "$2" of "$24.99" at the right edge; "7.00" of "17.00" at the left edge.
        #expect(PriceStage.isCutOff(text: "$2", evidence: .symbol, box: box(550), width: 640, height: 480))
        #expect(PriceStage.isCutOff(text: "7.00", evidence: .symbol, box: box(10), width: 640, height: 480))
        // A leading marker closes the left end, a trailing one the right end.
        #expect(!PriceStage.isCutOff(text: "EUR 85,99", evidence: .code, box: box(7), width: 640, height: 480))
        #expect(!PriceStage.isCutOff(text: "12,99 €", evidence: .symbol, box: box(555), width: 640, height: 480))
        #expect(!PriceStage.isCutOff(text: "$24.99", evidence: .symbol, box: box(300), width: 640, height: 480))
        // A track keeps a quarter of that margin; an unmarked amount keeps its two heights.
        #expect(!PriceStage.isCutOff(text: "7.00", evidence: .symbol, box: box(10), width: 640, height: 480, marginScale: PriceStage.trackMarginScale))
        #expect(PriceStage.isCutOff(text: "7.00", evidence: .default, box: box(10), width: 640, height: 480, marginScale: PriceStage.trackMarginScale))
    }

    @Test("a right end shown whole in the frame's pixels is not cut however near the edge")
    func rightEndShown() {
        // `USD 142.79` ending 20 px (a third of its height) before the right edge of a 1280 frame.
        let box = PixelRect(x: 930, y: 634, width: 330, height: 62)
        #expect(PriceStage.isCutOff(text: "USD 142.79", evidence: .code, box: box, width: 1280, height: 720))
        #expect(!PriceStage.isCutOff(text: "USD 142.79", evidence: .code, box: box, width: 1280, height: 720, rightEndShown: true))
        // Not the left end, nor an amount with no printed currency, nor a box at the edge itself.
        #expect(PriceStage.isCutOff(text: "142.79", evidence: .symbol, box: PixelRect(x: 10, y: 200, width: 300, height: 62), width: 1280, height: 720, rightEndShown: true))
        #expect(PriceStage.isCutOff(text: "142.79", evidence: .default, box: box, width: 1280, height: 720, rightEndShown: true))
        #expect(PriceStage.isCutOff(text: "USD 142.79", evidence: .code, box: PixelRect(x: 950, y: 634, width: 330, height: 62), width: 1280, height: 720, rightEndShown: true))
    }

    @Test("an unmarked amount needs two text heights from either side; top and bottom only the frame")
    func unmarkedAndVertical() {
        #expect(PriceStage.isCutOff(text: "78.99", evidence: .default, box: PixelRect(x: 50, y: 200, width: 80, height: 30), width: 640, height: 480))
        #expect(!PriceStage.isCutOff(text: "78.99", evidence: .default, box: PixelRect(x: 70, y: 200, width: 80, height: 30), width: 640, height: 480))
        #expect(!PriceStage.isCutOff(text: "¥4,250", evidence: .symbol, box: PixelRect(x: 36, y: 436, width: 146, height: 40), width: 640, height: 480))
        #expect(PriceStage.isCutOff(text: "¥4,250", evidence: .symbol, box: PixelRect(x: 36, y: 445, width: 146, height: 40), width: 640, height: 480))
    }

    @Test("an unmarked amount read on a line not yet in full view is dropped; a marked one on it is kept")
    func unmarkedOnPartialLine() {
        let date = DetectedPrice(text: "11.08", amount: 11.08, currency: "USD", currencyEvidence: .default,
                                 box: PixelRect(x: 560, y: 326, width: 40, height: 11), confidence: 0.9, unit: nil)
        let marked = DetectedPrice(text: "39,70 €", amount: 39.7, currency: "EUR", currencyEvidence: .symbol,
                                   box: PixelRect(x: 560, y: 284, width: 70, height: 28), confidence: 0.9, unit: nil)
        let elsewhere = DetectedPrice(text: "4.99", amount: 4.99, currency: "USD", currencyEvidence: .default,
                                      box: PixelRect(x: 100, y: 100, width: 40, height: 11), confidence: 0.9, unit: nil)
        // The date's line runs on to the frame's right edge: "11.08" is what OCR made of "11.08.2|026".
        let partial = [PixelRect(x: 555, y: 322, width: 85, height: 18), PixelRect(x: 555, y: 280, width: 85, height: 36)]
        let kept = PriceStage.droppingUnmarked([date, marked, elsewhere], on: partial)
        #expect(kept.map(\.text) == ["39,70 €", "4.99"])
    }
}

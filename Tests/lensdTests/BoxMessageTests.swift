import Testing
import Tracking
@testable import lensd

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
    }

    @Test("an unmarked amount needs two text heights from either side; top and bottom only the frame")
    func unmarkedAndVertical() {
        #expect(PriceStage.isCutOff(text: "78.99", evidence: .default, box: PixelRect(x: 50, y: 200, width: 80, height: 30), width: 640, height: 480))
        #expect(!PriceStage.isCutOff(text: "78.99", evidence: .default, box: PixelRect(x: 70, y: 200, width: 80, height: 30), width: 640, height: 480))
        #expect(!PriceStage.isCutOff(text: "¥4,250", evidence: .symbol, box: PixelRect(x: 36, y: 436, width: 146, height: 40), width: 640, height: 480))
        #expect(PriceStage.isCutOff(text: "¥4,250", evidence: .symbol, box: PixelRect(x: 36, y: 445, width: 146, height: 40), width: 640, height: 480))
    }
}

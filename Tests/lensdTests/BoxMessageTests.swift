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

    @Test("a price within half its height of the frame edge counts as cut off")
    func borderRule() {
        #expect(PriceStage.touchesBorder(PixelRect(x: 10, y: 200, width: 80, height: 30), width: 640, height: 480))
        #expect(PriceStage.touchesBorder(PixelRect(x: 550, y: 200, width: 80, height: 30), width: 640, height: 480))
        #expect(PriceStage.touchesBorder(PixelRect(x: 300, y: 1, width: 80, height: 4), width: 640, height: 480))
        #expect(!PriceStage.touchesBorder(PixelRect(x: 16, y: 16, width: 80, height: 30), width: 640, height: 480))
    }
}

import Foundation
import Testing
@testable import TextDetection

@Suite struct TextBoxTests {
    @Test func aBoxBuiltFromItsCentreHasThatCentreWidthHeightAndAngle() {
        let box = TextBox(center: .init(x: 100, y: 50), width: 80, height: 20, angle: .pi / 6)
        #expect(abs(box.center.x - 100) < 1e-9 && abs(box.center.y - 50) < 1e-9)
        #expect(abs(box.width - 80) < 1e-9)
        #expect(abs(box.height - 20) < 1e-9)
        #expect(abs(box.angle - .pi / 6) < 1e-9)
    }

    @Test func containsPointsInsideARotatedBoxOnly() {
        let box = TextBox(center: .init(x: 0, y: 0), width: 100, height: 10, angle: .pi / 4)
        #expect(TextLocator.contains(box, x: 30, y: 30))
        #expect(!TextLocator.contains(box, x: 30, y: -30))
        #expect(!TextLocator.contains(box, x: 60, y: 60))
    }
}

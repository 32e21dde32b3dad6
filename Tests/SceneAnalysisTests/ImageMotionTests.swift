import Foundation
import Testing
import SceneAnalysis

@Suite("ImageMotion")
struct ImageMotionTests {
    private static func close(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), within tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func aZoomAndTurnAboutAPointMoveThatPointOnlyByTheShift() {
        let motion = ImageMotion(dx: 4, dy: -3, scale: 1.02, rotation: 0.03, about: (320, 240))
        #expect(Self.close(motion.applied(x: 320, y: 240), (324, 237)))
        #expect(abs(motion.scale - 1.02) < 1e-12)
        #expect(abs(motion.rotation - 0.03) < 1e-12)
    }

    @Test func followingOneMotionByAnotherAppliesBothInOrder() {
        let first = ImageMotion(dx: 5, dy: 1, scale: 1.01, rotation: 0.02, about: (100, 80))
        let second = ImageMotion(dx: -2, dy: 7, scale: 0.97, rotation: -0.05, about: (300, 200))
        let both = first.followed(by: second)
        for point in [(0.0, 0.0), (640, 480), (123, 456)] {
            let stepwise = first.applied(x: point.0, y: point.1)
            #expect(Self.close(both.applied(x: point.0, y: point.1), second.applied(x: stepwise.x, y: stepwise.y), within: 1e-9))
        }
    }

    @Test func theInverseUndoesTheMotion() throws {
        let motion = ImageMotion(dx: -12, dy: 3.5, scale: 1.05, rotation: -0.04, about: (320, 240))
        let back = try #require(motion.inverse)
        let moved = motion.applied(x: 17, y: 400)
        #expect(Self.close(back.applied(x: moved.x, y: moved.y), (17, 400), within: 1e-9))
        #expect(ImageMotion(a: 0, b: 0, tx: 1, ty: 1).inverse == nil)
    }

    @Test func aBoxMovesWithTheContentAtItsCentreAndScalesWithTheZoom() {
        let zoom = ImageMotion(dx: 0, dy: 0, scale: 1.1, rotation: 0, about: (320, 240))
        let box = zoom.applied(to: PixelRect(x: 500, y: 40, width: 100, height: 20))
        // The centre (550, 50) goes to 320 + 1.1 × 230, 240 − 1.1 × 190.
        #expect(abs(box.midX - 573) < 1e-9 && abs(box.midY - 31) < 1e-9)
        #expect(abs(box.width - 110) < 1e-9 && abs(box.height - 22) < 1e-9)
    }

    @Test func aShiftInDownscaledCoordinatesIsScaledToo() {
        let motion = ImageMotion(dx: 8, dy: -4, scale: 1.01, rotation: 0.01, about: (320, 240)).inCoordinates(scaledBy: 0.25)
        let full = ImageMotion(dx: 8, dy: -4, scale: 1.01, rotation: 0.01, about: (320, 240))
        let point = full.applied(x: 400, y: 100)
        #expect(Self.close(motion.applied(x: 100, y: 25), (point.x / 4, point.y / 4), within: 1e-9))
    }
}

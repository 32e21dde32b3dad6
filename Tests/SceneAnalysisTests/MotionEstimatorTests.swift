import Foundation
import TestSupport
import Testing
import SceneAnalysis

@Suite("MotionEstimator")
struct MotionEstimatorTests {
    /// A textured 8-bit plane whose content is moved by `(dx, dy)`: the pixel at `(x, y)` shows the scene at `(x − dx, y − dy)`.
    private static func scene(width: Int, height: Int, stride: Int, dx: Double, dy: Double) -> [UInt8] {
        TestScene.render(width: width, height: height, stride: stride, dx: dx, dy: dy)
    }

    @Test("keeps to the last frame's shift when a shift of one receipt line more matches only a little better")
    func keepsToTheDriftOnARepeatingReceipt() throws {
        // Frames 1-3 of a generated receipt (seed 14, 640x480), 4x4 block means as the estimator
        // takes them (160x120, read at factor 1): the camera drifts about (-1.5, -1) a frame, and
        // the receipt's lines repeat every 12 px. On frame 3 a shift of one line more matched 11 %
        // better than the drift and moved every overlay onto the price above.
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let frames = try (1...3).map { [UInt8](try Data(contentsOf: directory.appendingPathComponent("receipt-drift-\($0).gray"))) }
        var estimator = MotionEstimator(configuration: .init(downscale: 1))
        let shifts = frames.map { estimator.estimate(luma: $0, width: 160, height: 120, stride: 160)?.centreShift(width: 160, height: 120) }
        let drift = try #require(shifts[1])
        #expect(abs(drift.dy) <= 2)
        let next = try #require(shifts[2])
        #expect(abs(next.dy - drift.dy) <= 2, "dy \(next.dy) after \(drift.dy)")
    }

    @Test func theFirstFrameHasNoEstimate() {
        var estimator = MotionEstimator()
        let frame = Self.scene(width: 320, height: 240, stride: 320, dx: 0, dy: 0)
        let shift = estimator.estimate(luma: frame, width: 320, height: 240, stride: 320)
        #expect(shift == nil)
    }

    @Test(arguments: [(0.0, 0.0), (5, -3), (-17, 9), (2.5, 1.5), (40, -25), (-3.25, -6.75)])
    func aKnownShiftIsRecoveredWithinOnePixel(dx: Double, dy: Double) throws {
        var estimator = MotionEstimator()
        let width = 640, height = 480, stride = 672
        let before = Self.scene(width: width, height: height, stride: stride, dx: 0, dy: 0)
        let after = Self.scene(width: width, height: height, stride: stride, dx: dx, dy: dy)
        _ = estimator.estimate(luma: before, width: width, height: height, stride: stride)
        let estimate = estimator.estimate(luma: after, width: width, height: height, stride: stride)
        let shift = try #require(estimate).centreShift(width: width, height: height)
        #expect(abs(shift.dx - dx) <= 1, "dx \(shift.dx) expected \(dx)")
        #expect(abs(shift.dy - dy) <= 1, "dy \(shift.dy) expected \(dy)")
    }

    @Test func aShiftIsRecoveredDespiteSensorNoise() throws {
        var random = SeededGenerator(seed: 5)
        var estimator = MotionEstimator()
        let noisy = { (plane: [UInt8]) in
            plane.map { UInt8(max(0, min(255, (Double($0) + random.gaussian(deviation: 6)).rounded()))) }
        }
        let before = noisy(Self.scene(width: 640, height: 480, stride: 640, dx: 0, dy: 0))
        let after = noisy(Self.scene(width: 640, height: 480, stride: 640, dx: -7, dy: 4))
        _ = estimator.estimate(luma: before, width: 640, height: 480, stride: 640)
        let estimate = estimator.estimate(luma: after, width: 640, height: 480, stride: 640)
        let shift = try #require(estimate).centreShift(width: 640, height: 480)
        #expect(abs(shift.dx + 7) <= 1)
        #expect(abs(shift.dy - 4) <= 1)
    }

    /// Paints a `size`-pixel square of another texture with its top-left corner at `origin`.
    private static func paintObject(on plane: inout [UInt8], width: Int, origin: (x: Int, y: Int), size: Int) {
        let object = TestScene.render(width: size, height: size, stride: size, dx: 0, dy: 0, seed: 99)
        for y in 0..<size {
            for x in 0..<size {
                plane[(origin.y + y) * width + origin.x + x] = object[y * size + x]
            }
        }
    }

    @Test(arguments: [120, 220])
    func anObjectMovingOnItsOwnDoesNotPullTheEstimate(size: Int) throws {
        var estimator = MotionEstimator()
        let width = 640, height = 480
        var before = Self.scene(width: width, height: height, stride: width, dx: 0, dy: 0)
        var after = Self.scene(width: width, height: height, stride: width, dx: 6, dy: -2)
        Self.paintObject(on: &before, width: width, origin: (200, 120), size: size)
        Self.paintObject(on: &after, width: width, origin: (170, 145), size: size)
        _ = estimator.estimate(luma: before, width: width, height: height, stride: width)
        let estimate = estimator.estimate(luma: after, width: width, height: height, stride: width)
        let shift = try #require(estimate).centreShift(width: width, height: height)
        #expect(abs(shift.dx - 6) <= 1)
        #expect(abs(shift.dy + 2) <= 1)
    }

    /// A pattern repeating every `period` pixels in both directions, moved right by `dx`.
    private static func tiles(width: Int, height: Int, period: Double, dx: Double) -> [UInt8] {
        var plane = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let phaseX: Double = 2 * .pi * (Double(x) - dx) / period
                let phaseY: Double = 2 * .pi * Double(y) / period
                let value: Double = 128 + 100 * sin(phaseX) * cos(phaseY)
                plane[y * width + x] = UInt8(value.rounded())
            }
        }
        return plane
    }

    /// Where the estimate and the true motion take points near the corners of a 640×480 frame.
    private static func cornerErrors(estimated: ImageMotion, truth: ImageMotion) -> [Double] {
        [(40.0, 40.0), (600, 40), (40, 440), (600, 440)].map { x, y in
            let a = estimated.applied(x: x, y: y), b = truth.applied(x: x, y: y)
            return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
    }

    @Test func aHandHeldZoomAndTurnAreRecoveredSoCornersStayWithinHalfAPixel() throws {
        let truth = ImageMotion(dx: 3, dy: -2, scale: 1.006, rotation: 0.4 * .pi / 180, about: (320, 240))
        let before = TestScene.render(width: 640, height: 480, motion: .identity)
        let after = TestScene.render(width: 640, height: 480, motion: truth)
        var estimator = MotionEstimator()
        _ = estimator.estimate(luma: before, width: 640, height: 480, stride: 640)
        let estimate = estimator.estimate(luma: after, width: 640, height: 480, stride: 640)
        let estimated = try #require(estimate)
        #expect(abs(estimated.scale - 1.006) < 0.001, "\(estimated)")
        #expect(abs(estimated.rotation - truth.rotation) < 0.05 * .pi / 180, "\(estimated)")
        #expect(Self.cornerErrors(estimated: estimated, truth: truth).allSatisfy { $0 < 0.5 }, "\(estimated)")

        // A shift alone misses the corners by pixels, which add up frame after frame.
        var shiftOnly = MotionEstimator(configuration: .init(estimatesZoomAndTurn: false))
        _ = shiftOnly.estimate(luma: before, width: 640, height: 480, stride: 640)
        let shiftEstimate = shiftOnly.estimate(luma: after, width: 640, height: 480, stride: 640)
        let shift = try #require(shiftEstimate)
        #expect(shift.scale == 1 && shift.rotation == 0)
        #expect(Self.cornerErrors(estimated: shift, truth: truth).contains { $0 > 1.5 })
    }

    @Test func aPureShiftGivesNoZoomOrTurn() throws {
        var estimator = MotionEstimator()
        _ = estimator.estimate(luma: Self.scene(width: 640, height: 480, stride: 640, dx: 0, dy: 0), width: 640, height: 480, stride: 640)
        let after = Self.scene(width: 640, height: 480, stride: 640, dx: -9, dy: 5)
        let estimate = estimator.estimate(luma: after, width: 640, height: 480, stride: 640)
        let estimated = try #require(estimate)
        #expect(abs(estimated.scale - 1) < 0.0005 && abs(estimated.rotation) < 0.03 * .pi / 180, "\(estimated)")
    }

    @Test func aRepeatedPatternIsAmbiguous() {
        var estimator = MotionEstimator()
        let width = 640, height = 480
        let before = Self.tiles(width: width, height: height, period: 40, dx: 0)
        let after = Self.tiles(width: width, height: height, period: 40, dx: 8)
        _ = estimator.estimate(luma: before, width: width, height: height, stride: width)
        let estimate = estimator.estimate(luma: after, width: width, height: height, stride: width)
        #expect(estimate == nil)
    }

    @Test func aFlatImageHasNoEstimate() {
        var estimator = MotionEstimator()
        let flat = [UInt8](repeating: 128, count: 320 * 240)
        _ = estimator.estimate(luma: flat, width: 320, height: 240, stride: 320)
        let shift = estimator.estimate(luma: flat, width: 320, height: 240, stride: 320)
        #expect(shift == nil)
    }

    @Test func aShiftBeyondTheSearchRangeHasNoEstimate() {
        var estimator = MotionEstimator(configuration: .init(searchRadius: 8))
        let before = Self.scene(width: 320, height: 240, stride: 320, dx: 0, dy: 0)
        let after = Self.scene(width: 320, height: 240, stride: 320, dx: 60, dy: 0)
        _ = estimator.estimate(luma: before, width: 320, height: 240, stride: 320)
        let shift = estimator.estimate(luma: after, width: 320, height: 240, stride: 320)
        #expect(shift == nil)
    }

    @Test func aBufferSmallerThanItsDimensionsIsRejected() {
        var estimator = MotionEstimator()
        let frame = Self.scene(width: 320, height: 240, stride: 320, dx: 0, dy: 0)
        let truncated = estimator.estimate(luma: Array(frame.prefix(1000)), width: 320, height: 240, stride: 320)
        let narrowStride = estimator.estimate(luma: frame, width: 320, height: 240, stride: 100)
        let negativeWidth = estimator.estimate(luma: frame, width: -5, height: 240, stride: 320)
        #expect(truncated == nil)
        #expect(narrowStride == nil)
        #expect(negativeWidth == nil)
    }

    @Test func aChangeOfFrameSizeRestartsEstimation() {
        var estimator = MotionEstimator()
        let large = Self.scene(width: 320, height: 240, stride: 320, dx: 0, dy: 0)
        let small = Self.scene(width: 256, height: 192, stride: 256, dx: 0, dy: 0)
        _ = estimator.estimate(luma: large, width: 320, height: 240, stride: 320)
        let afterResize = estimator.estimate(luma: small, width: 256, height: 192, stride: 256)
        #expect(afterResize == nil)
        let shift = estimator.estimate(luma: small, width: 256, height: 192, stride: 256)?.centreShift(width: 256, height: 192)
        #expect(shift.map { abs($0.dx) <= 1 && abs($0.dy) <= 1 } == true)
    }
}

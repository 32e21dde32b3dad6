import Foundation
import SceneAnalysis
import TestSupport
import Testing
import Tracking

@Suite("PriceTracker box smoothing")
struct PriceTrackerSmoothingTests {
    /// Centre errors (raw read, shown box) against the true centre for a price moving at constant
    /// speed, either through the scene (`cameraPan == 0`) or because the camera pans (its motion
    /// then given as `imageMotion`).
    private func errors(
        speed: Double, jitter: Double, seed: UInt64, cameraPan: Double = 0, motionKnown: Bool = true
    ) -> (raw: [Double], shown: [Double], along: [Double]) {
        var random = SeededGenerator(seed: seed)
        let tracker = PriceTracker()
        var raw: [Double] = [], shown: [Double] = [], along: [Double] = []
        for frame in 0..<150 {
            let trueX = 100 + (speed + cameraPan) * frameTime(frame)
            let trueY = 240.0
            let readX = trueX + random.gaussian(deviation: jitter)
            let readY = trueY + random.gaussian(deviation: jitter)
            let motion = motionKnown ? ImageMotion(dx: cameraPan / 30, dy: 0) : nil
            let output = tracker.update(
                detections: [detection("3.99", x: readX, y: readY)], at: frameTime(frame), imageMotion: motion
            )
            guard frame >= 30, let box = output.first?.box else { continue }
            raw.append(hypot(readX - trueX, readY - trueY))
            shown.append(hypot(box.midX - trueX, box.midY - trueY))
            along.append(box.midX - trueX)
        }
        return (raw, shown, along)
    }

    private func meanOf(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(max(1, values.count))
    }

    @Test func jitterIsReducedForAStillPriceSeenByAStillCamera() {
        let result = errors(speed: 0, jitter: 3, seed: 3)
        #expect(result.shown.count == 120)
        #expect(rootMeanSquare(result.shown) < 0.6 * rootMeanSquare(result.raw))
    }

    @Test func jitterIsReducedForAPriceMovingThroughTheSceneWithoutLag() {
        let result = errors(speed: 150, jitter: 3, seed: 4)
        #expect(result.shown.count == 120)
        #expect(rootMeanSquare(result.shown) < 0.7 * rootMeanSquare(result.raw))
        #expect(abs(meanOf(result.along)) < 1)
    }

    @Test func jitterIsReducedWhileTheCameraPans() {
        let result = errors(speed: 0, jitter: 3, seed: 5, cameraPan: 240)
        #expect(rootMeanSquare(result.shown) < 0.6 * rootMeanSquare(result.raw))
        #expect(abs(meanOf(result.along)) < 1)
    }

    @Test func jitterIsStillReducedWithoutMotionEstimates() {
        let result = errors(speed: 0, jitter: 3, seed: 6, cameraPan: 240, motionKnown: false)
        #expect(rootMeanSquare(result.shown) < 0.8 * rootMeanSquare(result.raw))
        #expect(abs(meanOf(result.along)) < 1)
    }

    @Test func aFrameWithoutAMotionEstimateKeepsTheCameraMoving() throws {
        let tracker = PriceTracker()
        _ = tracker.update(detections: [detection("5.00", x: 100, y: 100)], at: 0)
        _ = tracker.update(detections: [detection("5.00", x: 100, y: 100)], at: frameTime(1))
        for frame in 2..<6 {
            _ = tracker.predict(at: frameTime(frame), imageMotion: ImageMotion(dx: 8, dy: -2))
        }
        var guessed: [TrackedPrice] = []
        for frame in 6..<12 {
            guessed += tracker.predict(at: frameTime(frame), imageMotion: nil)
        }
        #expect(guessed.count == 6)
        let xs = guessed.map(\.box.midX)
        #expect(abs(xs[0] - 140) < 1)
        #expect(abs(xs[2] - 156) < 1)
        #expect(abs(xs[3] - 156) < 1)
        #expect(abs(xs[5] - 156) < 1)
        #expect(abs(guessed[2].box.midY - 86) < 1)
    }

    @Test func imageMotionKeepsBoxesPinnedBetweenReads() throws {
        let tracker = PriceTracker()
        var x = 100.0
        var last: TrackedPrice?
        for frame in 0..<60 {
            let step = 8 * sin(Double(frame) / 4)
            x += step
            let motion = ImageMotion(dx: step, dy: 0)
            if frame % 3 == 0 {
                last = tracker.update(detections: [detection("5.00", x: x, y: 100)], at: frameTime(frame), imageMotion: motion).first
            } else {
                last = tracker.predict(at: frameTime(frame), imageMotion: motion).first
            }
            if frame > 6, let box = last?.box {
                #expect(abs(box.midX - x) < 3)
            }
        }
        #expect(try #require(last).id == "p1")
    }
}

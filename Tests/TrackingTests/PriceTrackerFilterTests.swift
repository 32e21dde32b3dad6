import SceneAnalysis
import Testing

@testable import Tracking

@Suite("PriceTracker box filter")
struct PriceTrackerFilterTests {
    @Test func theFilterLearnsAConstantVelocity() {
        var filter = ConstantVelocityKalman(position: 0, positionVariance: 4, velocityVariance: 10_000)
        for step in 1...60 {
            filter.predict(dt: 0.1, spectralDensity: 1)
            filter.correct(measurement: Double(step) * 5, variance: 4)
        }
        #expect(abs(filter.velocity - 50) < 1)
        filter.predict(dt: 1, spectralDensity: 1)
        #expect(abs(filter.position - 350) < 2)
    }

    @Test func predictionGrowsTheUncertaintyAndACorrectionShrinksIt() {
        var filter = ConstantVelocityKalman(position: 0, positionVariance: 4, velocityVariance: 100)
        let start = filter.positionVariance
        filter.predict(dt: 0.5, spectralDensity: 10)
        let predicted = filter.positionVariance
        filter.correct(measurement: 1, variance: 4)
        #expect(predicted > start)
        #expect(filter.positionVariance < predicted)
    }

    @Test func nonFiniteInputsLeaveTheStateUnchanged() {
        var filter = ConstantVelocityKalman(position: 3, positionVariance: 4, velocityVariance: 100)
        filter.predict(dt: .nan, spectralDensity: 1)
        filter.correct(measurement: .infinity, variance: 4)
        filter.shift(by: .nan)
        #expect(filter.position == 3)
        #expect(filter.velocity == 0)
    }

    @Test func aBoxFilterNeverProducesADegenerateBox() {
        var filter = BoxFilter(
            box: PixelRect(x: 0, y: 0, width: 10, height: 10), measurementNoise: 0.1, sizeNoise: 0.5
        )
        for _ in 0..<20 {
            filter.predict(dt: 1 / 30, motionNoise: 2)
            filter.correct(with: PixelRect(x: 0, y: 0, width: -50, height: -50))
        }
        #expect(filter.box.width >= 1)
        #expect(filter.box.height >= 1)
    }

    @Test func shiftingMovesTheBoxByExactlyTheImageMotion() {
        var filter = BoxFilter(
            box: PixelRect(x: 10, y: 20, width: 40, height: 12), measurementNoise: 0.1, sizeNoise: 0.5
        )
        filter.move(by: ImageMotion(dx: 7.5, dy: -3))
        #expect(filter.box == PixelRect(x: 17.5, y: 17, width: 40, height: 12))
    }

    @Test func aZoomScalesTheBoxAboutTheMovedCentre() {
        var filter = BoxFilter(
            box: PixelRect(x: 10, y: 20, width: 40, height: 12), measurementNoise: 0.1, sizeNoise: 0.5
        )
        filter.move(by: ImageMotion(dx: 0, dy: 0, scale: 1.5, rotation: 0, about: (30, 26)))
        #expect(filter.box == PixelRect(x: 0, y: 17, width: 60, height: 18))
    }
}

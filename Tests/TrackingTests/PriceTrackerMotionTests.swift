import Foundation
import SceneAnalysis
import TestSupport
import Testing
import Tracking

@Suite("PriceTracker with MotionEstimator")
struct PriceTrackerMotionTests {
    /// Worst centre error over the frames after warm-up, for a shaking camera with OCR on every
    /// fourth frame, with or without the estimated image motion.
    private func worstError(usingMotion: Bool) -> Double {
        let width = 320, height = 240, margin = 60
        let planeWidth = width + 2 * margin, planeHeight = height + 2 * margin
        let world = TestScene.render(width: planeWidth, height: planeHeight, stride: planeWidth, dx: 0, dy: 0)
        var random = SeededGenerator(seed: 21)
        var estimator = MotionEstimator()
        let tracker = PriceTracker()
        var camera = (x: margin, y: margin)
        var worst = 0.0
        for frame in 0..<45 {
            camera.x = min(2 * margin, max(0, camera.x + Int.random(in: -5...5, using: &random)))
            camera.y = min(2 * margin, max(0, camera.y + Int.random(in: -5...5, using: &random)))
            let image = TestScene.crop(world, planeWidth: planeWidth, left: camera.x, top: camera.y, width: width, height: height)
            let motion = estimator.estimate(luma: image, width: width, height: height, stride: width)
            let trueX = Double(200 - camera.x), trueY = Double(180 - camera.y)
            let shown: [TrackedPrice]
            if frame % 4 == 0 {
                let read = detection(
                    "4.20", x: trueX + random.gaussian(deviation: 1), y: trueY + random.gaussian(deviation: 1), height: 20
                )
                shown = tracker.update(detections: [read], at: frameTime(frame), imageMotion: usingMotion ? motion : nil)
            } else {
                shown = tracker.predict(at: frameTime(frame), imageMotion: usingMotion ? motion : nil)
            }
            guard frame >= 8 else { continue }
            guard let box = shown.first?.box else { return .infinity }
            worst = max(worst, hypot(box.midX - trueX, box.midY - trueY))
        }
        return worst
    }

    @Test func overlaysStayPinnedOnAShakingCameraWithOCROnEveryFourthFrame() {
        let pinned = worstError(usingMotion: true)
        let unpinned = worstError(usingMotion: false)
        #expect(pinned < 4)
        #expect(unpinned > 2 * pinned)
    }
}

import TestSupport
import Testing
import SceneAnalysis

@Suite("SceneChangeDetector")
struct SceneChangeDetectorTests {
    private static let width = 640, height = 480

    private static func frame(dx: Double = 0, dy: Double = 0) -> [UInt8] {
        TestScene.render(width: width, height: height, stride: width, dx: dx, dy: dy)
    }

    @Test func theFirstFrameIsAllChanged() {
        var detector = SceneChangeDetector()
        let change = detector.update(luma: Self.frame(), width: Self.width, height: Self.height, stride: Self.width)
        #expect(change.motion == nil)
        #expect(change.changed.count == change.changed.columns * change.changed.rows)
    }

    @Test func aRepeatedFrameIsStillDespiteSensorNoise() {
        var random = SeededGenerator(seed: 9)
        var detector = SceneChangeDetector()
        let clean = Self.frame()
        for _ in 0..<5 {
            let noisy = clean.map { UInt8(max(0, min(255, (Double($0) + random.gaussian(deviation: 4)).rounded()))) }
            _ = detector.update(luma: noisy, width: Self.width, height: Self.height, stride: Self.width)
        }
        let noisy = clean.map { UInt8(max(0, min(255, (Double($0) + random.gaussian(deviation: 4)).rounded()))) }
        let change = detector.update(luma: noisy, width: Self.width, height: Self.height, stride: Self.width)
        #expect(change.isStill)
        #expect(change.changed.isEmpty)
    }

    @Test func aPanMarksOnlyTheStripThatCameIntoView() throws {
        var detector = SceneChangeDetector()
        _ = detector.update(luma: Self.frame(), width: Self.width, height: Self.height, stride: Self.width)
        let change = detector.update(luma: Self.frame(dx: -24), width: Self.width, height: Self.height, stride: Self.width)
        let motion = try #require(change.motion).centreShift(width: Self.width, height: Self.height)
        #expect(abs(motion.dx + 24) <= 1 && abs(motion.dy) <= 1)
        let mask = change.changed
        // Content moved left by 24 px: the right-most 24 px (2 cells of 16) are new.
        for row in 1..<(mask.rows - 1) {
            #expect(mask[mask.columns - 1, row])
            #expect(mask[mask.columns - 2, row])
        }
        let inner = (1..<(mask.rows - 1)).flatMap { row in (1..<(mask.columns - 3)).map { (column: $0, row: row) } }
        let falselyChanged = inner.filter { mask[$0.column, $0.row] }.count
        #expect(falselyChanged <= inner.count / 50, "\(falselyChanged) of \(inner.count) inner cells marked changed")
        // The new strip only came into view: what was already in view there did not change.
        for row in 1..<(mask.rows - 1) {
            #expect(change.cameIntoView[mask.columns - 1, row] && change.cameIntoView[mask.columns - 2, row])
        }
    }

    @Test func aPatchPastedOverTheSceneIsTheOnlyChange() {
        var detector = SceneChangeDetector()
        let before = Self.frame()
        var after = before
        for y in 200..<260 {
            for x in 300..<380 { after[y * Self.width + x] = 255 &- after[y * Self.width + x] }
        }
        _ = detector.update(luma: before, width: Self.width, height: Self.height, stride: Self.width)
        let change = detector.update(luma: after, width: Self.width, height: Self.height, stride: Self.width)
        let mask = change.changed
        #expect(change.cameIntoView.isEmpty)
        #expect(mask[20, 14] && mask[22, 15])
        #expect(!mask[5, 5] && !mask[35, 25])
        #expect(mask.count <= 6 * 5 + 10, "\(change.motion.map { "\($0)" } ?? "nil") \((0..<mask.rows).map { r in String((0..<mask.columns).map { mask[$0, r] ? "#" : "." }) }.joined(separator: "\n"))")
    }
}

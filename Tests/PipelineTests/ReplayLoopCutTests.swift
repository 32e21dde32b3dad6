import Capture
import Testing

@testable import Pipeline

/// A replay that starts again at its first frame starts a new scene only when that frame does not
/// continue the last one (`ReplayPipeline.isCut`): tracks end at a hand-held clip's loop point, not
/// on every frame of a looping still.
@Suite struct ReplayLoopCutTests {
    private func frame(_ luma: (Int, Int) -> UInt8, width: Int = 64, height: Int = 48) throws -> Frame {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = luma(x, y) }
        }
        return try Frame(luma: pixels, width: width, height: height, stride: width, sequence: 0, timestamp: MonotonicInstant(nanoseconds: 0))
    }

    private func stripes(shift: Int) -> (Int, Int) -> UInt8 {
        { x, _ in ((x + shift) / 8) % 2 == 0 ? 30 : 220 }
    }

    @Test func aLoopingStillContinues() throws {
        let still = try frame(stripes(shift: 0))
        #expect(!ReplayPipeline.isCut(from: still, to: still))
    }

    @Test func aClipThatEndsElsewhereStartsANewScene() throws {
        #expect(ReplayPipeline.isCut(from: try frame(stripes(shift: 0)), to: try frame(stripes(shift: 8))))
    }

    @Test func aSlightChangeOfLightIsNoCut() throws {
        #expect(!ReplayPipeline.isCut(from: try frame(stripes(shift: 0)), to: try frame { x, y in stripes(shift: 0)(x, y) &+ 5 }))
    }

    @Test func anotherSizeIsACut() throws {
        #expect(ReplayPipeline.isCut(from: try frame(stripes(shift: 0)), to: try frame(stripes(shift: 0), width: 32)))
    }
}

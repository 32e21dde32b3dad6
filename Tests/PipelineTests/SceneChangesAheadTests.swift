import Capture
import SceneAnalysis
import Testing
import Tracking
@testable import Pipeline

@Suite("SceneChangesAhead")
struct SceneChangesAheadTests {
    /// A textured 160x120 frame whose content is shifted `shift` pixels to the left, with a bright
    /// block at `block` (a change the motion does not explain) when given.
    static func frame(_ sequence: UInt64, shift: Int, block: Int? = nil) throws -> Frame {
        let width = 160, height = 120
        var luma = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let u = x + shift
                luma[y * width + x] = UInt8(truncatingIfNeeded: (u * 37 + y * 11 + (u / 7) * (y / 5) * 13) % 200 + 20)
            }
        }
        if let block {
            for y in 40..<72 { for x in block..<(block + 32) { luma[y * width + x] = 250 } }
        }
        return try Frame(luma: luma, width: width, height: height, stride: width, sequence: sequence, timestamp: .now())
    }

    static func sequence() throws -> [Frame] {
        try [
            frame(0, shift: 0), frame(1, shift: 0), frame(2, shift: 3), frame(3, shift: 6, block: 64),
            frame(4, shift: 6, block: 64), frame(5, shift: 9),
        ]
    }

    @Test("gives each frame the change a detector run on the frame thread would measure")
    func measuresWhatTheFrameThreadWould() throws {
        let frames = try Self.sequence()
        let ahead = SceneChangesAhead()
        for frame in frames { ahead.measure(frame) }
        var detector = SceneChangeDetector()
        var changedCells = 0
        for frame in frames {
            let own = detector.update(luma: frame.luma, width: frame.width, height: frame.height, stride: frame.stride)
            let measured = try #require(ahead.take(frame.sequence))
            #expect(measured.change.motion == own.motion, "frame \(frame.sequence)")
            #expect(measured.change.isStill == own.isStill, "frame \(frame.sequence)")
            #expect(measured.change.changed == own.changed, "frame \(frame.sequence)")
            #expect(measured.change.cameIntoView == own.cameIntoView, "frame \(frame.sequence)")
            #expect(measured.seconds >= 0)
            if frame.sequence > 0 { changedCells += own.changed.count }
        }
        // The sequence is not trivial: after the first frame, some cells changed and some did not.
        #expect(changedCells > 0)
        #expect(changedCells < (frames.count - 1) * (160 / 16) * (120 / 16))
    }

    @Test("hands each change out once")
    func handsEachChangeOutOnce() throws {
        let ahead = SceneChangesAhead()
        ahead.measure(try Self.frame(7, shift: 0))
        #expect(ahead.take(8) == nil)
        #expect(ahead.take(7) != nil)
        #expect(ahead.take(7) == nil)
    }
}

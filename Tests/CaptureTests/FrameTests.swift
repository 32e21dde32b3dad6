import Testing
@testable import Capture

@Suite("Frames")
struct FrameTests {
    @Test("accepts a plane of exactly stride times height bytes")
    func validFrame() throws {
        let frame = try Frame(
            luma: [UInt8](repeating: 1, count: 12), width: 3, height: 2, stride: 6, sequence: 4,
            timestamp: MonotonicInstant(nanoseconds: 9))
        #expect(frame.width == 3 && frame.height == 2 && frame.stride == 6 && frame.sequence == 4)
    }

    @Test("rejects inconsistent geometry")
    func invalidFrames() {
        let now = MonotonicInstant(nanoseconds: 0)
        #expect(throws: FrameError.nonPositiveSize(width: 0, height: 2)) {
            try Frame(luma: [], width: 0, height: 2, stride: 0, sequence: 0, timestamp: now)
        }
        #expect(throws: FrameError.strideShorterThanWidth(stride: 2, width: 3)) {
            try Frame(luma: [0, 0], width: 3, height: 1, stride: 2, sequence: 0, timestamp: now)
        }
        #expect(throws: FrameError.lumaSizeMismatch(expected: 6, actual: 5)) {
            try Frame(luma: [0, 0, 0, 0, 0], width: 3, height: 2, stride: 3, sequence: 0, timestamp: now)
        }
        #expect(throws: FrameError.sizeOverflow(stride: Int.max, height: 2)) {
            try Frame(luma: [], width: 1, height: 2, stride: Int.max, sequence: 0, timestamp: now)
        }
    }
}

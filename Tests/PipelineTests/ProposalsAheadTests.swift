import Capture
import OCR
import Testing
import Tracking
@testable import Pipeline

@Suite("ProposalsAhead")
struct ProposalsAheadTests {
    static func frame(_ sequence: UInt64) throws -> Frame {
        var frame = try OCRJobRunnerTests.fixture("price-under-name.pgm")
        frame.sequence = sequence
        return frame
    }

    @Test("proposes the frames ahead oldest first, the lines a scan would propose, once")
    func proposesEachFrameAheadOnce() throws {
        let recognizers = RegionRecognizerPool()
        let ahead = ProposalsAhead(recognizers: recognizers)
        let frame = try Self.frame(4)
        ahead.offer(frame)
        ahead.offer(try Self.frame(5))
        #expect(ahead.proposeNext())
        let own = recognizers.withRecognizer { recognizer in
            frame.luma.withUnsafeBufferPointer {
                recognizer.propose(luma: $0, width: frame.width, height: frame.height, stride: frame.stride, keepingLinesAtEdges: true)
            }
        }
        #expect(ahead.take(5) == nil)
        let taken = try #require(ahead.take(4))
        #expect(taken.map(\.box) == own.map(\.box) && !own.isEmpty)
        #expect(ahead.take(4) == nil)
        #expect(ahead.proposeNext())
        #expect(!ahead.proposeNext())
    }

    @Test("does not propose a frame once it is planned, and forgets proposals no scan took")
    func plannedFramesAreNoLongerAhead() throws {
        let ahead = ProposalsAhead(recognizers: RegionRecognizerPool())
        ahead.offer(try Self.frame(0))
        #expect(ahead.proposeNext())
        ahead.offer(try Self.frame(1))
        ahead.offer(try Self.frame(2))
        ahead.planning(1)
        #expect(ahead.proposeNext())
        #expect(!ahead.proposeNext())
        #expect(ahead.take(2) != nil)
        ahead.planning(ProposalsAhead.keptFrames)
        #expect(ahead.take(0) == nil)
    }
}

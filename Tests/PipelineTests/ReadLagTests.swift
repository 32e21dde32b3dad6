import Capture
import Foundation
import Synchronization
import Testing
@testable import Pipeline

@Suite("ReadLag")
struct ReadLagTests {
    static func frame(_ sequence: UInt64, width: Int, height: Int) throws -> Frame {
        try Frame(luma: [UInt8](repeating: 0, count: width * height), width: width, height: height, stride: width, sequence: sequence, timestamp: .now())
    }

    static func result(_ kind: OCRJob.Kind, frame sequence: UInt64, job: UInt64, width: Int = 1280, height: Int = 720) -> OCRJobResult {
        OCRJobResult(job: job, kind: kind, frameSequence: sequence, frameTime: 0, frameWidth: width, frameHeight: height)
    }

    @Test("lands a whole-frame pass 30 frames later by default, never sooner than the lines' reads")
    func landsWholeFramePassesLaterThanReads() {
        let lag = ReadLag(frames: 2)
        #expect(lag.landing(of: .wholeFrame(), plannedOn: 10) == 40)
        #expect(lag.landing(of: .read([]), plannedOn: 10) == 12)
        #expect(lag.landing(of: .verify(key: 1, box: .init(x: 0, y: 0, width: 10, height: 10)), plannedOn: 10) == 12)
        #expect(ReadLag(frames: 2, passFrames: 6).landing(of: .wholeFrame(), plannedOn: 10) == 16)
        #expect(ReadLag(frames: 8, passFrames: 6).landing(of: .wholeFrame(), plannedOn: 10) == 18)
    }

    @Test("lands everything on its own frame with no lag")
    func landsEverythingOnItsFrameWithNoLag() {
        let lag = ReadLag(frames: 0)
        #expect(lag.landing(of: .wholeFrame(), plannedOn: 7) == 7)
        #expect(lag.landing(of: .read([]), plannedOn: 7) == 7)
    }

    @Test("a frame waits for the reads due on it, not for a whole-frame pass due later")
    func waitsOnlyForTheJobsDueOnAFrame() throws {
        let queue = OCRJobQueue(staleAfter: nil, lag: ReadLag(frames: 2, passFrames: 18)) { _ in }
        queue.push(OCRJob(kind: .wholeFrame(), priority: .wholeFrame, frame: try Self.frame(0, width: 1280, height: 720), time: 0))
        queue.push(OCRJob(kind: .read([]), priority: .newRegions, frame: try Self.frame(0, width: 1280, height: 720), time: 0))
        let read = try #require(queue.pop())
        let pass = try #require(queue.pop())
        #expect(pass.kind.name == "whole_frame")
        queue.finish(read)
        let waited = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        Thread {
            queue.waitUntilDone(throughFrame: 2)
            queue.waitUntilDone(throughFrame: 17)
            waited.store(true, ordering: .relaxed)
            queue.waitUntilDone(throughFrame: 18)
            done.signal()
        }.start()
        // Frames 2 to 17 do not wait for the pass, which is still running; frame 18 does.
        #expect(done.wait(timeout: .now() + 0.3) == .timedOut)
        let passedEarlierFrames = waited.load(ordering: .relaxed)
        #expect(passedEarlierFrames)
        queue.finish(pass)
        #expect(done.wait(timeout: .now() + 5) == .success)
        queue.close()
    }

    @Test("hands out each result on the frame it lands on, in job order")
    func collectsResultsOnTheFrameTheyLandOn() {
        let mailbox = ResultMailbox(lag: ReadLag(frames: 2, passFrames: 18))
        mailbox.post(Self.result(.wholeFrame(), frame: 0, job: 1))
        mailbox.post(Self.result(.read([]), frame: 0, job: 2))
        mailbox.post(Self.result(.read([]), frame: 1, job: 3))
        #expect(mailbox.collect(throughFrame: 1).isEmpty)
        #expect(mailbox.collect(throughFrame: 2).map(\.job) == [2])
        #expect(mailbox.collect(throughFrame: 17).map(\.job) == [3])
        #expect(mailbox.collect(throughFrame: 18).map(\.job) == [1])
    }
}

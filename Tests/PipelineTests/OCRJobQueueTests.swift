import Capture
import Foundation
import OCR
import SceneAnalysis
import Synchronization
import Testing
import Tracking
@testable import Pipeline

@Suite("OCRJobQueue")
struct OCRJobQueueTests {
    static func frame(_ sequence: UInt64) throws -> Frame {
        try Frame(luma: [UInt8](repeating: 0, count: 64), width: 8, height: 8, stride: 8, sequence: sequence, timestamp: .now())
    }

    static func job(_ priority: OCRJob.Priority, frame sequence: UInt64, time: Double = 0) throws -> OCRJob {
        OCRJob(kind: .wholeFrame(), priority: priority, frame: try frame(sequence), time: time)
    }

    @Test func runsNewRegionsBeforeTentativeBeforeVerificationBeforeWholeFrames() throws {
        let queue = OCRJobQueue(staleAfter: nil) { _ in }
        queue.push(try Self.job(.wholeFrame, frame: 0))
        queue.push(try Self.job(.verification, frame: 1))
        queue.push(try Self.job(.newRegions, frame: 2))
        queue.push(try Self.job(.tentative, frame: 3))
        queue.push(try Self.job(.newRegions, frame: 4))
        var order: [UInt64] = []
        while !queue.isEmpty, let job = queue.pop() {
            order.append(job.frame.sequence)
            queue.finish(job)
        }
        #expect(order == [2, 4, 3, 1, 0])
    }

    @Test("runs idle work while no job waits, until it finds none, and hands out a job pushed meanwhile")
    func runsIdleWorkWhileNoJobWaits() throws {
        let queue = OCRJobQueue(staleAfter: nil) { _ in }
        let idleRuns = Mutex(0)
        let next = try Self.job(.newRegions, frame: 7)
        let popped = Mutex<UInt64?>(nil)
        let worker = Thread {
            let job = queue.pop(whenIdle: {
                idleRuns.withLock { runs in
                    runs += 1
                    // Three pieces of idle work, then none: the worker blocks until a job comes.
                    return runs <= 3
                }
            })
            popped.withLock { $0 = job?.frame.sequence }
            if let job { queue.finish(job) }
        }
        worker.start()
        while idleRuns.withLock({ $0 }) < 4 { Thread.sleep(forTimeInterval: 0.001) }
        Thread.sleep(forTimeInterval: 0.02)
        #expect(idleRuns.withLock { $0 } == 4)
        #expect(popped.withLock { $0 } == nil)
        queue.push(next)
        queue.waitUntilIdle()
        while popped.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.001) }
        #expect(popped.withLock { $0 } == 7)
    }

    @Test func runsScansThenReadsOfTallerLinesFirstAmongNewRegionsWhateverTheirFrame() throws {
        let queue = OCRJobQueue(staleAfter: nil) { _ in }
        func lines(_ heights: [Int]) -> [TextRegion] {
            heights.map { TextRegion(box: OCRRect(x: 0, y: 0, width: 40, height: $0), level: 0) }
        }
        let mask = CellMask(cellSize: 16, frameWidth: 64, frameHeight: 64, value: true)
        // The small print of the frames before is still waiting when a price comes into view.
        queue.push(OCRJob(kind: .read(lines([12, 14])), priority: .newRegions, frame: try Self.frame(0), time: 0))
        queue.push(OCRJob(kind: .read(lines([20, 16])), priority: .newRegions, frame: try Self.frame(1), time: 0))
        queue.push(try Self.job(.tentative, frame: 2))
        queue.push(OCRJob(kind: .scan(unread: mask, forced: mask, known: []), priority: .newRegions, frame: try Self.frame(3), time: 0))
        queue.push(OCRJob(kind: .read(lines([10, 48])), priority: .newRegions, frame: try Self.frame(4), time: 0))
        queue.push(OCRJob(kind: .read(lines([20])), priority: .newRegions, frame: try Self.frame(5), time: 0))
        // Reads of new regions, not the scan or the tentative track's read.
        #expect(queue.newRegionReadsWaiting == 4)
        var order: [UInt64] = []
        while !queue.isEmpty, let job = queue.pop() {
            order.append(job.frame.sequence)
            queue.finish(job)
        }
        // Equal heights keep their order; the tentative track's read comes after all new regions.
        #expect(order == [3, 4, 1, 5, 0, 2])
    }

    @Test func holdsAWholeFramePassWhileAScanRunsThenHandsOutTheScansReadsFirst() throws {
        let queue = OCRJobQueue(staleAfter: nil) { _ in }
        let frame = try Self.frame(0)
        let mask = CellMask(cellSize: 16, frameWidth: 64, frameHeight: 64, value: true)
        queue.push(OCRJob(kind: .scan(unread: mask, forced: mask, known: []), priority: .newRegions, frame: frame, time: 0))
        queue.push(try Self.job(.wholeFrame, frame: 0))
        let scan = try #require(queue.pop())
        // A second worker asks while the scan runs: it waits rather than take the pass.
        let taken = Mutex<[String]>([])
        let worker = Thread {
            while let job = queue.pop() {
                taken.withLock { $0.append(job.kind.name) }
                queue.finish(job)
            }
        }
        worker.start()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(taken.withLock { $0 }.isEmpty)
        // The scan queues its reads and finishes: the reads go out, then the pass.
        queue.push(OCRJob(kind: .read([]), priority: .newRegions, frame: frame, time: 0))
        queue.finish(scan)
        queue.waitUntilIdle()
        queue.close()
        #expect(taken.withLock { $0 } == ["read", "whole_frame"])
    }

    @Test func handsOutAWholeFramePassRaisedToNewRegionsRightAfterTheScanBeforeItsReads() throws {
        let queue = OCRJobQueue(staleAfter: nil, lag: ReadLag(frames: 2)) { _ in }
        let frame = try Self.frame(0)
        let mask = CellMask(cellSize: 16, frameWidth: 64, frameHeight: 64, value: true)
        queue.push(OCRJob(kind: .scan(unread: mask, forced: mask, known: []), priority: .newRegions, frame: frame, time: 0))
        // The first frame of a `--fast` replay waits for all its jobs: its pass is raised.
        queue.push(try Self.job(.newRegions, frame: 0))
        let scan = try #require(queue.pop())
        #expect(scan.kind.name == "scan")
        let tallLine = TextRegion(box: OCRRect(x: 0, y: 0, width: 40, height: 48), level: 0)
        queue.push(OCRJob(kind: .read([tallLine]), priority: .newRegions, frame: frame, time: 0))
        queue.finish(scan)
        let first = try #require(queue.pop())
        let second = try #require(queue.pop())
        #expect([first.kind.name, second.kind.name] == ["whole_frame", "read"])
        queue.finish(first)
        queue.finish(second)
        queue.close()
    }

    @Test func givesIncreasingIDsInPushOrder() throws {
        let queue = OCRJobQueue(staleAfter: nil) { _ in }
        let first = queue.push(try Self.job(.wholeFrame, frame: 0))
        let second = queue.push(try Self.job(.newRegions, frame: 0))
        #expect(second > first)
        #expect(queue.pop()?.id == second)
    }

    @Test func dropsJobsWhoseFrameWentStaleAndReportsThem() throws {
        let dropped = Mutex<[UInt64]>([])
        let queue = OCRJobQueue(staleAfter: 0.5) { job in dropped.withLock { $0.append(job.frame.sequence) } }
        queue.push(try Self.job(.verification, frame: 1, time: 1.0))
        queue.push(try Self.job(.newRegions, frame: 2, time: 1.0))
        queue.push(try Self.job(.tentative, frame: 3, time: 1.6))
        queue.noteFrame(time: 1.7)
        // New regions get more leeway: they are the only way new content is read.
        #expect(queue.pop()?.frame.sequence == 2)
        #expect(queue.pop()?.frame.sequence == 3)
        #expect(dropped.withLock { $0 } == [1])
        #expect(queue.droppedJobs == 1)
        queue.push(try Self.job(.newRegions, frame: 4, time: 1.0))
        queue.noteFrame(time: 1.0 + 0.5 * OCRJobQueue.newRegionLeeway + 0.1)
        queue.push(try Self.job(.newRegions, frame: 5, time: 3.0))
        #expect(queue.pop()?.frame.sequence == 5)
        #expect(dropped.withLock { $0 } == [1, 4])
    }

    @Test func waitsForEveryJobOfAFrameIncludingJobsPushedWhileRunning() throws {
        let queue = OCRJobQueue(staleAfter: nil) { _ in }
        let finished = Atomic<Int>(0)
        queue.push(try Self.job(.newRegions, frame: 0))
        queue.push(try Self.job(.newRegions, frame: 5))
        let child = try Self.job(.tentative, frame: 0)
        let done = DispatchSemaphore(value: 0)
        // A worker thread, not a task: the queue blocks, which must not hold the test runner's threads.
        let worker = Thread {
            while let job = queue.pop() {
                if job.frame.sequence == 0, job.priority == .newRegions {
                    // A scan splitting its work: the child is pushed before the parent finishes.
                    queue.push(child)
                }
                Thread.sleep(forTimeInterval: 0.02)
                if job.frame.sequence == 0 { finished.add(1, ordering: .relaxed) }
                queue.finish(job)
            }
            done.signal()
        }
        worker.start()
        queue.waitUntilDone(throughFrame: 0)
        #expect(finished.load(ordering: .relaxed) == 2)
        queue.close()
        done.wait()
    }

    @Test func reportsHowManyJobsWaitAfterEachPush() throws {
        let depths = Mutex<[Int]>([])
        let queue = OCRJobQueue(staleAfter: nil, dropped: { _ in }, queued: { depth in depths.withLock { $0.append(depth) } })
        queue.push(try Self.job(.newRegions, frame: 0))
        queue.push(try Self.job(.tentative, frame: 0))
        let job = try #require(queue.pop())
        queue.finish(job)
        queue.push(try Self.job(.verification, frame: 1))
        #expect(depths.withLock { $0 } == [1, 2, 2])
    }
}

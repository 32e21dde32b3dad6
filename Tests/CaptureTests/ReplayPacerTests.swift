import Testing
@testable import Capture

@Suite("Replay pacing")
struct ReplayPacerTests {
    @Test("never waits when pacing is fast")
    func fastNeverWaits() {
        let pacer = ReplayPacer(pacing: .fast)
        pacer.waitForFrame(0)
        pacer.waitForFrame(1_000_000)
        #expect(pacer.dueInstant(ofFrame: 1_000_000) == nil)
    }

    @Test("treats a rate that is not positive and finite as fast", arguments: [0, -30, Double.nan, .infinity])
    func invalidRateIsFast(rate: Double) {
        let pacer = ReplayPacer(pacing: .realtime(framesPerSecond: rate))
        pacer.waitForFrame(0)
        pacer.waitForFrame(1_000_000)
        #expect(pacer.dueInstant(ofFrame: 5) == nil)
    }

    @Test("schedules frame i at start + i / fps, unmoved by late frames")
    func absoluteScheduleDoesNotDrift() {
        let pacer = ReplayPacer(pacing: .realtime(framesPerSecond: 100))
        let before = MonotonicInstant.now()
        pacer.waitForFrame(0)
        let dueBefore = pacer.dueInstant(ofFrame: 10)
        // Fall behind: frames 1 and 2 become late.
        ReplayPacer(pacing: .realtime(framesPerSecond: 1)).waitForFrame(0)
        for index in UInt64(1)...3 {
            pacer.waitForFrame(index)
        }
        let dueAfter = pacer.dueInstant(ofFrame: 10)
        #expect(dueBefore == dueAfter)
        guard let due10 = dueAfter, let due5 = pacer.dueInstant(ofFrame: 5) else {
            Issue.record("a realtime pacer must schedule frames after the first")
            return
        }
        #expect(abs(due10.seconds(since: due5) - 0.05) < 1e-6)
        #expect(due10.seconds(since: before) >= 0.1)
        #expect(due10.seconds(since: before) < 5)
        #expect(pacer.dueInstant(ofFrame: 0) == nil)
    }

    @Test("waits at least until each frame is due")
    func waitsForSchedule() {
        let pacer = ReplayPacer(pacing: .realtime(framesPerSecond: 200))
        let start = MonotonicInstant.now()
        for index in UInt64(0)...10 {
            pacer.waitForFrame(index)
        }
        let elapsed = MonotonicInstant.now().seconds(since: start)
        #expect(elapsed >= 0.05)
        #expect(elapsed < 10)
    }

    @Test("starts the schedule at the first index it is given")
    func anchorsAtFirstIndex() {
        let pacer = ReplayPacer(pacing: .realtime(framesPerSecond: 50))
        pacer.waitForFrame(100)
        #expect(pacer.dueInstant(ofFrame: 100) == nil)
        #expect(pacer.dueInstant(ofFrame: 99) == nil)
        let start = MonotonicInstant.now()
        pacer.waitForFrame(101)
        #expect(MonotonicInstant.now().seconds(since: start) < 5)
    }
}

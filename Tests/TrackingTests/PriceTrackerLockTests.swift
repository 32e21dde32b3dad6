import Foundation
import SceneAnalysis
import Testing
import Tracking

@Suite("PriceTracker lock")
struct PriceTrackerLockTests {
    private func confirmedTracker() -> PriceTracker {
        let tracker = PriceTracker()
        _ = tracker.update(detections: [detection("7.50", x: 100, y: 100)], at: 0)
        _ = tracker.update(detections: [detection("7.50", x: 100, y: 100)], at: frameTime(1))
        return tracker
    }

    @Test func lockingAnUnknownIDThrows() {
        let tracker = confirmedTracker()
        #expect(throws: TrackerError.unknownTrack("p9")) { try tracker.lock(id: "p9") }
        #expect(tracker.lockedID == nil)
    }

    @Test func aLockedTrackIsMarkedAndReportedAsAnUpdate() throws {
        let tracker = confirmedTracker()
        try tracker.lock(id: "p1")
        #expect(tracker.lockedID == "p1")
        let shown = tracker.update(detections: [detection("7.50", x: 100, y: 100)], at: frameTime(2))
        #expect(shown.first?.locked == true)
        #expect(tracker.events.map(\.kind) == [.update])
    }

    @Test func aLockedTrackKeepsItsValueWhateverIsRead() throws {
        let tracker = confirmedTracker()
        try tracker.lock(id: "p1")
        var shown: [TrackedPrice] = []
        for frame in 2..<30 {
            shown = tracker.update(detections: [detection("9.50", x: 100, y: 100)], at: frameTime(frame))
        }
        #expect(shown.map(\.id) == ["p1"])
        #expect(shown.first?.amount == Decimal(string: "7.50"))
    }

    @Test func aLockedTrackStaysVisibleAndFollowsImageMotion() throws {
        let tracker = confirmedTracker()
        try tracker.lock(id: "p1")
        var shown: [TrackedPrice] = []
        for frame in 2..<92 {
            shown = tracker.update(detections: [], at: frameTime(frame), imageMotion: ImageMotion(dx: 1, dy: 0))
        }
        let price = try #require(shown.first)
        #expect(price.id == "p1")
        #expect(price.locked)
        #expect(price.state == .coasting)
        #expect(abs(price.box.midX - 190) < 2)
        #expect(abs(price.box.midY - 100) < 2)
    }

    @Test func anUnlockedTrackEndsOnceUnread() throws {
        let tracker = confirmedTracker()
        try tracker.lock(id: "p1")
        _ = tracker.update(detections: [], at: 2)
        _ = tracker.update(detections: [], at: 3)
        tracker.unlock()
        #expect(tracker.lockedID == nil)
        #expect(tracker.update(detections: [], at: 3.1).isEmpty)
        #expect(tracker.endedSinceLastUpdate.map(\.id) == ["p1"])
    }

    @Test func lockingAnotherTrackMovesTheLock() throws {
        let tracker = PriceTracker()
        let prices = [detection("1.00", x: 100, y: 100), detection("2.00", x: 300, y: 100)]
        _ = tracker.update(detections: prices, at: 0)
        _ = tracker.update(detections: prices, at: frameTime(1))
        try tracker.lock(id: "p1")
        try tracker.lock(id: "p2")
        #expect(tracker.lockedID == "p2")
        let shown = tracker.update(detections: prices, at: frameTime(2))
        #expect(shown.map(\.locked) == [false, true])
    }

    @Test func anEndedTrackCannotBeLocked() {
        let tracker = confirmedTracker()
        _ = tracker.update(detections: [], at: 1)
        _ = tracker.update(detections: [], at: 2)
        #expect(throws: TrackerError.unknownTrack("p1")) { try tracker.lock(id: "p1") }
    }
}

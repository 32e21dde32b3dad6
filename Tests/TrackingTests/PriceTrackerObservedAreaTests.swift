import SceneAnalysis
import Testing
import Tracking

@Suite("PriceTracker with part of the frame read")
struct PriceTrackerObservedAreaTests {
    private static func confirmedTracker() -> PriceTracker {
        let tracker = PriceTracker()
        for frame in 0..<2 {
            _ = tracker.update(detections: [detection("4.99", x: 100, y: 100), detection("7.50", x: 400, y: 300)], at: frameTime(frame))
        }
        return tracker
    }

    @Test func aTrackOutsideTheReadAreaIsNeitherHitNorMissed() {
        let tracker = Self.confirmedTracker()
        let readArea = [PixelRect(x: 300, y: 250, width: 200, height: 100)]
        var shown: [TrackedPrice] = []
        for frame in 2..<60 {
            shown = tracker.update(detections: [detection("7.50", x: 400, y: 300)], at: frameTime(frame), observed: readArea)
        }
        #expect(shown.map(\.text).sorted() == ["€4.99", "€7.50"])
        #expect(shown.first { $0.text == "€4.99" }?.state == .confirmed)
    }

    @Test func aTrackInsideTheReadAreaThatIsNotFoundEnds() {
        let tracker = Self.confirmedTracker()
        let readArea = [PixelRect(x: 0, y: 0, width: 200, height: 200), PixelRect(x: 300, y: 250, width: 200, height: 100)]
        var shown: [TrackedPrice] = []
        for frame in 2..<60 {
            shown = tracker.update(detections: [detection("7.50", x: 400, y: 300)], at: frameTime(frame), observed: readArea)
        }
        #expect(shown.map(\.text) == ["€7.50"])
    }

    @Test func summariesListTentativeTracksWithStableKeys() {
        let tracker = PriceTracker()
        _ = tracker.update(detections: [detection("4.99", x: 100, y: 100)], at: 0)
        let first = tracker.summaries
        #expect(first.count == 1)
        #expect(first.first?.state == .tentative && first.first?.id == nil)
        _ = tracker.update(detections: [detection("4.99", x: 101, y: 100), detection("9.99", x: 400, y: 100)], at: frameTime(1))
        let second = tracker.summaries
        #expect(second.count == 2)
        #expect(second.first?.key == first.first?.key && second.first?.state == .confirmed && second.first?.id == "p1")
        #expect(second.last?.key != first.first?.key)
    }

    @Test func aReadInsideALiveTrackDoesNotStartAnotherTrack() {
        let tracker = Self.confirmedTracker()
        // "99" of "€4.99": a partial read lying inside the track's box.
        let partial = detection("99", x: 120, y: 100, width: 30, height: 20)
        for frame in 2..<6 {
            _ = tracker.update(detections: [partial], at: frameTime(frame))
        }
        #expect(tracker.summaries.count == 2)
    }
}

import Foundation
import Testing
import Tracking

@Suite("PriceTracker events and still images")
struct PriceTrackerEventTests {
    @Test func eventsFollowATrackFromNewToEnd() {
        let tracker = PriceTracker()
        _ = tracker.update(detections: [detection("3.00", x: 100, y: 100)], at: 0)
        #expect(tracker.events.isEmpty)
        _ = tracker.update(detections: [detection("3.00", x: 100, y: 100)], at: 0.1)
        #expect(tracker.events.map(\.kind) == [.new])
        #expect(tracker.events.first?.price.id == "p1")
        _ = tracker.update(detections: [detection("3.00", x: 101, y: 100)], at: 0.2)
        #expect(tracker.events.isEmpty)
        _ = tracker.update(detections: [], at: 0.3)
        #expect(tracker.events.isEmpty)
        _ = tracker.update(detections: [], at: 0.8)
        #expect(tracker.events.map(\.kind) == [.end])
        #expect(tracker.events.first?.price.state == .ended)
    }

    @Test func aChangedValueIsReportedAsAnUpdate() {
        let tracker = PriceTracker()
        for frame in 0..<3 {
            _ = tracker.update(detections: [detection("3.00", x: 100, y: 100)], at: frameTime(frame))
        }
        var kinds: [TrackEvent.Kind] = []
        for frame in 3..<12 {
            _ = tracker.update(detections: [detection("3.50", x: 100, y: 100)], at: frameTime(frame))
            kinds += tracker.events.map(\.kind)
        }
        #expect(kinds == [.update])
        #expect(tracker.update(detections: [], at: frameTime(12)).first?.amount == Decimal(string: "3.50"))
    }

    @Test func tentativeTracksReportNewAtOnceAndUpdateWhenConfirmed() {
        let tracker = PriceTracker(configuration: .init(includeTentative: true))
        _ = tracker.update(detections: [detection("3.00", x: 100, y: 100)], at: 0)
        #expect(tracker.events.map(\.kind) == [.new])
        #expect(tracker.events.first?.price.state == .tentative)
        _ = tracker.update(detections: [detection("3.00", x: 100, y: 100)], at: 0.1)
        #expect(tracker.events.map(\.kind) == [.update])
        #expect(tracker.events.first?.price.state == .confirmed)
    }

    @Test func stillImagePricesAreConfirmedWithIDsInOrder() {
        let prices = PriceTracker.stillImagePrices([
            detection("1.00", x: 100, y: 100),
            detection("2.00", x: 100, y: 100),
            detection("3.00", x: .nan, y: 100),
            detection("4.00", x: 300, y: 100, confidence: 1.5),
        ])
        #expect(prices.map(\.id) == ["p1", "p2", "p3"])
        #expect(prices.map(\.amount) == ["1.00", "2.00", "4.00"].map { Decimal(string: $0) })
        #expect(prices.allSatisfy { $0.state == .confirmed && !$0.locked && $0.age == 0 })
        #expect(prices.last?.confidence == 1)
    }
}

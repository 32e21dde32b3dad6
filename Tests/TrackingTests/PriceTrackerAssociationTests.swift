import Foundation
import PriceParsing
import SceneAnalysis
import TestSupport
import Testing
import Tracking

@Suite("PriceTracker association")
struct PriceTrackerAssociationTests {
    @Test func aMovingJitteryPriceKeepsOneID() {
        var random = SeededGenerator(seed: 1)
        let tracker = PriceTracker()
        var ids = Set<String>()
        for frame in 0..<90 {
            let x = 100 + Double(frame) * 4 + random.gaussian(deviation: 2)
            let y = 240 + Double(frame) * 1 + random.gaussian(deviation: 2)
            for price in tracker.update(detections: [detection("12.99", x: x, y: y)], at: frameTime(frame)) {
                ids.insert(price.id)
            }
        }
        #expect(ids == ["p1"])
    }

    @Test func aSingleMisreadNeitherChangesTheValueNorStartsATrack() {
        let tracker = PriceTracker(configuration: .init(includeTentative: true))
        var shown: [TrackedPrice] = []
        for frame in 0..<20 {
            let amount = frame == 10 ? "17.99" : "12.99"
            let confidence = frame == 10 ? 1.0 : 0.6
            shown = tracker.update(
                detections: [detection(amount, x: 100, y: 100, confidence: confidence)], at: frameTime(frame)
            )
            #expect(shown.map(\.id) == ["p1"])
            #expect(shown.first?.amount == Decimal(string: "12.99"))
        }
        #expect(shown.first?.text == "€12.99")
    }

    @Test func aWrongFirstReadIsNeverShown() {
        let tracker = PriceTracker()
        _ = tracker.update(detections: [detection("17.99", x: 100, y: 100, confidence: 0.5)], at: 0)
        // Two reads that disagree confirm nothing; the next read settles it.
        let disputed = tracker.update(detections: [detection("12.99", x: 100, y: 100, confidence: 0.9)], at: frameTime(1))
        #expect(disputed.isEmpty)
        let shown = tracker.update(detections: [detection("12.99", x: 100, y: 100, confidence: 0.9)], at: frameTime(2))
        #expect(shown.map(\.id) == ["p1"])
        #expect(shown.first?.amount == Decimal(string: "12.99"))
    }

    @Test func readsThatLostTheCentsVoteForTheAmountWithCents() {
        let tracker = PriceTracker()
        // `€82` is `€82.99` with its raised cents lost; a read that adds cents is far rarer.
        _ = tracker.update(detections: [detection("82", x: 100, y: 100, confidence: 0.95)], at: 0)
        let shown = tracker.update(detections: [detection("82.99", x: 100, y: 100, confidence: 0.6)], at: frameTime(1))
        #expect(shown.map(\.amount) == [Decimal(string: "82.99")])
        // Another whole-euro read keeps voting for it, also one that kept the decimal point.
        let later = tracker.update(detections: [detection("82", x: 100, y: 100, confidence: 0.95)], at: frameTime(2))
        #expect(later.map(\.amount) == [Decimal(string: "82.99")])
        var point = detection("82", x: 100, y: 100, confidence: 0.95)
        point.text = "€82."
        let pointed = tracker.update(detections: [point, point], at: frameTime(3))
        #expect(pointed.map(\.amount) == [Decimal(string: "82.99")])
    }

    @Test func aMisreadOfTheFirstReadIsCorrectedByLaterReads() {
        let tracker = PriceTracker()
        _ = tracker.update(detections: [detection("17.99", x: 100, y: 100)], at: 0)
        var shown: [TrackedPrice] = []
        for frame in 1..<6 {
            shown = tracker.update(detections: [detection("12.99", x: 100, y: 100)], at: frameTime(frame))
        }
        #expect(shown.map(\.id) == ["p1"])
        #expect(shown.first?.amount == Decimal(string: "12.99"))
    }

    @Test func aPriceReadWithAndWithoutItsCurrencyCodeIsOneTrackInThatCurrency() {
        let tracker = PriceTracker()
        var ids = Set<String>()
        var shown: [TrackedPrice] = []
        for frame in 0..<20 {
            let x = 300 - Double(frame) * 4
            let read = frame % 6 == 0
                ? detection("194.95", x: x, y: 134, width: 181, height: 28, currency: "CHF", evidence: .code, confidence: 0.6)
                : detection("194.95", x: x + 35, y: 134, width: 105, height: 28, currency: "USD", evidence: .default, confidence: 0.55)
            shown = tracker.update(detections: [read], at: frameTime(frame))
            for price in shown { ids.insert(price.id) }
        }
        #expect(ids == ["p1"])
        #expect(shown.first?.currency == "CHF")
        #expect(shown.first?.text == "CHF 194.95")
    }

    @Test func aDifferentPriceFarAwayStartsItsOwnTrack() {
        let tracker = PriceTracker()
        let first = [detection("1.99", x: 100, y: 100), detection("5.49", x: 400, y: 300)]
        _ = tracker.update(detections: first, at: 0)
        let shown = tracker.update(detections: first, at: frameTime(1))
        #expect(shown.map(\.amount) == [Decimal(string: "1.99"), Decimal(string: "5.49")])
    }

    @Test(arguments: [PriceTracker.Assignment.optimal, .greedy])
    func twoEqualPricesSideBySideKeepTheirOwnIDs(assignment: PriceTracker.Assignment) {
        var random = SeededGenerator(seed: 2)
        let tracker = PriceTracker(configuration: .init(assignment: assignment))
        var leftIDs = Set<String>(), rightIDs = Set<String>()
        for frame in 0..<60 {
            let shift = Double(frame) * 2
            var detections = [
                detection("1.99", x: 100 + shift + random.gaussian(deviation: 2), y: 200 + random.gaussian(deviation: 2)),
                detection("1.99", x: 200 + shift + random.gaussian(deviation: 2), y: 200 + random.gaussian(deviation: 2)),
            ]
            if frame % 7 == 3 { detections.removeFirst() }
            if frame % 11 == 5 { detections.removeLast() }
            for price in tracker.update(detections: detections.shuffled(using: &random), at: frameTime(frame)) {
                if price.box.midX < 150 + shift { leftIDs.insert(price.id) } else { rightIDs.insert(price.id) }
            }
        }
        #expect(leftIDs == ["p1"])
        #expect(rightIDs == ["p2"])
    }

    /// Ids shown left to right after two equal prices 100 px apart jump 60 px right (no `imageMotion`).
    private func idsAfterACameraJump(assignment: PriceTracker.Assignment) -> [String] {
        let tracker = PriceTracker(configuration: .init(assignment: assignment))
        for frame in 0..<5 {
            _ = tracker.update(
                detections: [detection("1.99", x: 100, y: 200), detection("1.99", x: 200, y: 200)], at: frameTime(frame)
            )
        }
        let jumped = [detection("1.99", x: 160, y: 200), detection("1.99", x: 260, y: 200)]
        _ = tracker.update(detections: jumped, at: frameTime(5))
        return tracker.update(detections: jumped, at: frameTime(6)).sorted { $0.box.midX < $1.box.midX }.map(\.id)
    }

    @Test func optimalAssignmentKeepsEqualNeighboursApartThroughACameraJump() {
        #expect(idsAfterACameraJump(assignment: .optimal) == ["p1", "p2"])
    }

    @Test func greedyAssignmentGivesTheLeftPriceToTheRightTrackOnACameraJump() {
        let ids = idsAfterACameraJump(assignment: .greedy)
        #expect(ids != ["p1", "p2"])
        #expect(ids.contains("p3"))
    }

    @Test func anOccludedMovingPriceKeepsItsIDWhenItReappears() {
        let tracker = PriceTracker()
        var ids = Set<String>()
        var shownWhileHidden = 0
        for frame in 0..<60 {
            let x = 100 + Double(frame) * 5
            let hidden = (20..<30).contains(frame)
            let detections = hidden ? [] : [detection("8.00", x: x, y: 300)]
            let shown = tracker.update(detections: detections, at: frameTime(frame))
            if hidden {
                shownWhileHidden += shown.count
                #expect(shown.allSatisfy { $0.state == .coasting && abs($0.box.midX - x) < 10 })
            }
            for price in shown { ids.insert(price.id) }
        }
        #expect(ids == ["p1"])
        #expect(shownWhileHidden == 10)
    }

    @Test func anOccludingNeighbourDoesNotStealTheHiddenPricesID() {
        let tracker = PriceTracker()
        var ids: [String: Set<String>] = ["4.00": [], "6.00": []]
        for frame in 0..<40 {
            var detections = [detection("6.00", x: 300, y: 100)]
            if !(10..<20).contains(frame) { detections.append(detection("4.00", x: 200, y: 100)) }
            for price in tracker.update(detections: detections, at: frameTime(frame)) {
                ids[price.text == "€4.00" ? "4.00" : "6.00", default: []].insert(price.id)
            }
        }
        #expect(ids["4.00"] == ["p2"] || ids["4.00"] == ["p1"])
        #expect(ids["4.00"]?.count == 1)
        #expect(ids["6.00"]?.count == 1)
        #expect(ids["4.00"] != ids["6.00"])
    }

    @Test func aMissedPriceMovesWithTheOthersWhenTheCameraJumps() throws {
        let tracker = PriceTracker()
        let positions: [(amount: String, x: Double)] = [("1.00", 100), ("2.00", 250), ("3.00", 400)]
        for frame in 0..<10 {
            _ = tracker.update(detections: positions.map { detection($0.amount, x: $0.x, y: 200) }, at: frameTime(frame))
        }
        let jumped = positions.prefix(2).map { detection($0.amount, x: $0.x + 20, y: 200 - 12) }
        let shown = tracker.update(detections: jumped, at: frameTime(10))
        let missed = try #require(shown.first { $0.amount == Decimal(string: "3.00") })
        #expect(missed.state == .coasting)
        #expect(abs(missed.box.midX - 420) < 4)
        #expect(abs(missed.box.midY - 188) < 4)
    }

    @Test func duplicateReadsOfOnePriceInOneFrameMakeOneTrack() {
        let tracker = PriceTracker()
        let doubled = [detection("2.00", x: 100, y: 100), detection("2.00", x: 102, y: 101, confidence: 0.5)]
        _ = tracker.update(detections: doubled, at: 0)
        let shown = tracker.update(detections: doubled, at: frameTime(1))
        #expect(shown.count == 1)
    }

    @Test func aSecondTrackOfOnePriceOverTheSamePlaceEndsButTwoEqualPricesSideBySideStay() throws {
        let tracker = PriceTracker()
        // `$36.99` read tightly, then also with the glare around it: twice as high, too unlike the
        // tight box to match its track or to count as a duplicate of it when it started its own.
        let tight = detection("36.99", x: 100, y: 100, width: 80, height: 24)
        let loose = detection("36.99", x: 95, y: 100, width: 100, height: 50, confidence: 0.8)
        for frame in 0..<3 { _ = tracker.update(detections: [tight], at: frameTime(frame)) }
        var shown: [TrackedPrice] = []
        for frame in 3..<8 { shown = tracker.update(detections: [tight, loose], at: frameTime(frame)) }
        let kept = try #require(shown.first)
        #expect(shown.count == 1)
        #expect(kept.box.height < 30)
        let shelf = PriceTracker()
        let pair = [detection("36.99", x: 100, y: 100), detection("36.99", x: 300, y: 100)]
        for frame in 0..<5 { shown = shelf.update(detections: pair, at: frameTime(frame)) }
        #expect(shown.count == 2)
    }

    @Test func aPartialReadBesideTheWholePriceInOneBatchStartsNoTrack() {
        let tracker = PriceTracker()
        // `£52` of `£52.92` (another pass lost the cents), more confident than the whole read.
        let reads = [
            detection("52", x: 70, y: 100, width: 50, confidence: 0.95),
            detection("52.92", x: 97, y: 100, width: 104, confidence: 0.8),
        ]
        _ = tracker.update(detections: reads, at: 0)
        let shown = tracker.update(detections: reads, at: frameTime(1))
        #expect(shown.map(\.amount) == [Decimal(string: "52.92")])
    }

    @Test func aTrackOfAPriceWithItsCentsLostEndsOnceTheWholePriceIsConfirmed() {
        let tracker = PriceTracker()
        // `€82` (raised cents lost) tracked first; reads of the whole `€82.99` do not match it.
        let part = detection("82", x: 60, y: 100, width: 60, height: 30)
        let whole = detection("82.99", x: 140, y: 100, width: 220, height: 30)
        _ = tracker.update(detections: [part], at: 0)
        #expect(tracker.update(detections: [part], at: frameTime(1)).map(\.amount) == [Decimal(82)])
        _ = tracker.update(detections: [whole], at: frameTime(2))
        let shown = tracker.update(detections: [whole], at: frameTime(3))
        #expect(shown.map(\.amount) == [Decimal(string: "82.99")])
        // A price of its own inside a wider one, not a part of it, stays.
        let other = PriceTracker()
        let inner = detection("7", x: 60, y: 100, width: 60, height: 30)
        for frame in 0..<2 { _ = other.update(detections: [inner], at: frameTime(frame)) }
        for frame in 2..<4 { _ = other.update(detections: [inner, whole], at: frameTime(frame)) }
        #expect(Set(other.update(detections: [inner, whole], at: frameTime(4)).map(\.amount)) == [Decimal(7), Decimal(string: "82.99")])
    }

    @Test func aMissedTrackInsideAWiderPriceReadSinceEnds() {
        let tracker = PriceTracker()
        // `£29`, misread from the edge of `€82.99` coming into view, confirmed first.
        let misread = detection("29", x: 100, y: 100, width: 60, height: 30, currency: "GBP")
        let whole = detection("82.99", x: 60, y: 100, width: 220, height: 40)
        let line = [PixelRect(x: -100, y: 60, width: 400, height: 80)]
        for frame in 0..<2 { _ = tracker.update(detections: [misread], at: frameTime(frame)) }
        // The whole line is read from then on: `€82.99` is confirmed, `£29` missed.
        var shown: [TrackedPrice] = []
        for frame in 2..<4 { shown = tracker.update(detections: [whole], at: frameTime(frame), observed: line) }
        #expect(shown.map(\.amount) == [Decimal(string: "82.99")])
        // Read along with it, not missed: both stay (a confirmed price is not replaced so).
        let other = PriceTracker()
        for frame in 0..<2 { _ = other.update(detections: [misread], at: frameTime(frame)) }
        for frame in 2..<4 { _ = other.update(detections: [misread, whole], at: frameTime(frame), observed: line) }
        #expect(other.summaries.count == 2)
    }

    @Test func aSecondReadConfirmsATrackButStartsNone() {
        let tracker = PriceTracker()
        _ = tracker.update(detections: [detection("65", x: 100, y: 100, width: 60)], at: 0)
        // The crop around `£65` read `£6 5.`: its `£6` lies too far off to match, the `£65` matches.
        let secondReads = [detection("6", x: 300, y: 100, width: 50), detection("65", x: 101, y: 100, width: 60)]
        let shown = tracker.update(detections: secondReads, at: 0, startingTracks: false)
        #expect(shown.map(\.amount) == [Decimal(65)])
        #expect(tracker.summaries.count == 1)
    }

    @Test func aTrackTakesTheValueOfItsReads() {
        let tracker = PriceTracker()
        let read = DetectedPrice(
            text: "2,49 €/kg", amount: Decimal(string: "2.49") ?? 0, currency: "EUR", currencyEvidence: .symbol,
            box: PixelRect(x: 10, y: 10, width: 90, height: 20), confidence: 0.8, unit: "kg"
        )
        _ = tracker.update(detections: [read], at: 0)
        let shown = tracker.update(detections: [read], at: frameTime(1))
        #expect(shown.first?.text == "2,49 €/kg")
        #expect(shown.first?.unit == "kg")
        #expect(shown.first?.currencyEvidence == .symbol)
        #expect(shown.first.map { abs($0.confidence - 0.8) < 1e-9 } == true)
    }
}

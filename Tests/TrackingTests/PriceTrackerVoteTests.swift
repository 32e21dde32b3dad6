import Foundation
import Testing

@testable import Tracking

@Suite("PriceTracker value voting")
struct PriceTrackerVoteTests {
    private func vote(_ amounts: [(String, Double)], historyLength: Int = 30) -> ValueVote {
        var reads = amounts.map { detection($0.0, x: 0, y: 0, confidence: $0.1) }
        var vote = ValueVote(first: reads.removeFirst(), historyLength: historyLength, minimumReadsToChange: 2)
        vote.commit()
        for read in reads { vote.add(read) }
        return vote
    }

    @Test func beforeItIsShownTheValueFollowsTheLeader() {
        var reads = [detection("7.00", x: 0, y: 0, confidence: 0.5), detection("1.00", x: 0, y: 0, confidence: 0.9)]
        var vote = ValueVote(first: reads.removeFirst(), historyLength: 30, minimumReadsToChange: 2)
        vote.add(reads[0])
        #expect(vote.shown.amount == 1)
    }

    @Test func oneConfidentMisreadDoesNotWinOverOneWeakRead() {
        let result = vote([("1.00", 0.2), ("7.00", 1.0)])
        #expect(result.shown.amount == Decimal(string: "1.00"))
    }

    @Test func twoReadsOfAnotherValueThatOutweighTheShownOneWin() {
        let result = vote([("1.00", 0.5), ("7.00", 0.4), ("7.00", 0.4)])
        #expect(result.shown.amount == Decimal(string: "7.00"))
        #expect(result.supportingRead.text == "€7.00")
    }

    @Test func twoWeakReadsDoNotOutweighAStrongerHistory() {
        let result = vote([("1.00", 0.9), ("1.00", 0.9), ("7.00", 0.3), ("7.00", 0.3)])
        #expect(result.shown.amount == Decimal(string: "1.00"))
    }

    @Test func aValueThatLeavesTheHistoryIsReplaced() {
        let result = vote([("1.00", 1.0), ("7.00", 0.1), ("7.00", 0.1), ("7.00", 0.1)], historyLength: 3)
        #expect(result.shown.amount == Decimal(string: "7.00"))
        #expect(!result.hasRead(ValueVote.Key(amount: Decimal(string: "1.00") ?? 0, currency: "EUR")))
    }

    @Test func confidenceIsAgreementTimesMeanConfidence() {
        let result = vote([("1.00", 0.8), ("1.00", 0.8), ("1.00", 0.8), ("7.00", 0.8)])
        #expect(abs(result.confidence - 0.75 * 0.8) < 1e-9)
    }

    @Test func theSameAmountInAnotherCurrencyIsAnotherValue() {
        var reads = [detection("5.00", x: 0, y: 0, currency: "EUR"), detection("5.00", x: 0, y: 0, currency: "USD")]
        var vote = ValueVote(first: reads.removeFirst(), historyLength: 30, minimumReadsToChange: 2)
        vote.commit()
        vote.add(reads[0])
        #expect(vote.shown.currency == "EUR")
        #expect(vote.hasRead(ValueVote.Key(amount: 5, currency: "USD")))
        #expect(vote.confidence < 0.9)
    }
}

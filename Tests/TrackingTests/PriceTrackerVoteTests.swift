import Foundation
import PriceParsing
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

    @Test func theShownValuesUnitComesFromItsLatestReadThatVotesForIt() {
        // `€82.99` per kg, then `€82` (its cents lost) per 100 g: the cut read votes for `€82.99`.
        var vote = ValueVote(first: detection("82.99", x: 0, y: 0, unit: "kg"), historyLength: 30, minimumReadsToChange: 2)
        vote.commit()
        vote.add(detection("82", x: 0, y: 0, unit: "100 g"))
        #expect(vote.shown.amount == Decimal(string: "82.99"))
        #expect(vote.unit == "100 g")
        // A read of another value does not give the shown one its unit.
        vote.add(detection("7.00", x: 0, y: 0, unit: "l"))
        #expect(vote.unit == "100 g")
    }

    @Test func aReadVotesAnewForTheValueLaterReadsShowItWas() {
        // `€82` with a unit, then `€82.99` without: from then on the first read votes for `€82.99`
        // and lends it its unit.
        var vote = ValueVote(first: detection("82", x: 0, y: 0, unit: "kg"), historyLength: 30, minimumReadsToChange: 2)
        #expect(vote.shown.amount == 82)
        vote.add(detection("82.99", x: 0, y: 0))
        #expect(vote.shown.amount == Decimal(string: "82.99"))
        #expect(vote.readsOfShown == 2)
        #expect(vote.unit == "kg")
        #expect(vote.supportingRead.text == "€82.99")
    }

    @Test func aReadWithoutDigitsAfterItsSeparatorIsWholeOnly() {
        #expect(ValueVote.Read(detection("82", x: 0, y: 0)).isWholeOnly)
        var cut = detection("63", x: 0, y: 0)
        cut.text = "£63."
        #expect(ValueVote.Read(cut).isWholeOnly)
        cut.text = "63,00"
        #expect(!ValueVote.Read(cut).isWholeOnly)
        cut.text = "63.-"
        #expect(ValueVote.Read(cut).isWholeOnly)
        cut.text = "1-2"
        #expect(!ValueVote.Read(cut).isWholeOnly)
        #expect(!ValueVote.Read(detection("82.99", x: 0, y: 0)).isWholeOnly)
    }

    @Test func twoReadsOfAnotherValueThatOutweighTheShownOneWin() {
        let result = vote([("1.00", 0.5), ("7.00", 0.4), ("7.00", 0.4)])
        #expect(result.shown.amount == Decimal(string: "7.00"))
        #expect(result.supportingRead.text == "€7.00")
    }

    @Test func readsThatLostALeadingGroupVoteForTheWholeAmount() {
        // `1 174 Kč` read whole once, then three times as `174 Kč` (the lone `1` dropped).
        let result = vote([("1174", 0.8), ("174", 0.9), ("174", 0.9), ("174", 0.9)])
        #expect(result.shown.amount == 1174)
        // Not any shorter amount: `74` and `1074` are other values.
        #expect(vote([("1174", 0.8), ("74", 0.9), ("74", 0.9)]).shown.amount == 74)
        #expect(!ValueVote.lostLeadingGroup(174, of: 1074))
        #expect(ValueVote.lostLeadingGroup(Decimal(string: "791.50")!, of: Decimal(string: "1791.50")!))
        #expect(!ValueVote.lostLeadingGroup(Decimal(string: "791.50")!, of: 1791))
    }

    @Test func readsWithShortCentsVoteButDoNotCountTowardsConfirming() {
        // `$1,966` and `$1,966.0`, two fragments of one `$1,966.99`, agreed on 1966.
        var whole = ValueVote(first: detection("1966", x: 0, y: 0, currency: "USD"), historyLength: 30, minimumReadsToChange: 2)
        whole.add(detection("1966.0", x: 0, y: 0, currency: "USD"))
        #expect(whole.shown.amount == 1966)
        #expect(whole.readsOfShown == 1)
        // A second read of all its cents counts.
        whole.add(detection("1966", x: 0, y: 0, currency: "USD"))
        #expect(whole.readsOfShown == 2)
        // Complete cents, or a currency with one minor unit fewer, are no short cents.
        var complete = ValueVote(first: detection("32.50", x: 0, y: 0), historyLength: 30, minimumReadsToChange: 2)
        complete.add(detection("32.5", x: 0, y: 0))
        #expect(complete.readsOfShown == 1)
        complete.add(detection("32.50", x: 0, y: 0))
        #expect(complete.readsOfShown == 2)
        var yen = ValueVote(first: detection("7580", x: 0, y: 0, currency: "JPY"), historyLength: 30, minimumReadsToChange: 2)
        yen.add(detection("7580", x: 0, y: 0, currency: "JPY"))
        #expect(yen.readsOfShown == 2)
    }

    @Test func twoWeakReadsDoNotOutweighAStrongerHistory() {
        let result = vote([("1.00", 0.9), ("1.00", 0.9), ("7.00", 0.3), ("7.00", 0.3)])
        #expect(result.shown.amount == Decimal(string: "1.00"))
    }

    @Test func aValueThatLeavesTheHistoryIsReplaced() {
        let result = vote([("1.00", 1.0), ("7.00", 0.1), ("7.00", 0.1), ("7.00", 0.1)], historyLength: 3)
        #expect(result.shown.amount == Decimal(string: "7.00"))
        #expect(!result.hasRead(detection("1.00", x: 0, y: 0)))
    }

    @Test func confidenceIsAgreementTimesMeanConfidence() {
        let result = vote([("1.00", 0.8), ("1.00", 0.8), ("1.00", 0.8), ("7.00", 0.8)])
        #expect(abs(result.confidence - 0.75 * 0.8) < 1e-9)
    }

    private func read(_ currency: String, _ evidence: CurrencyEvidence, confidence: Double = 0.6) -> DetectedPrice {
        detection("194.95", x: 0, y: 0, currency: currency, evidence: evidence, confidence: confidence)
    }

    @Test func readsThatMissedThePrintedCurrencyVoteForIt() {
        var vote = ValueVote(first: read("CHF", .code), historyLength: 30, minimumReadsToChange: 2)
        vote.commit()
        for _ in 0..<5 { vote.add(read("USD", .default, confidence: 0.55)) }
        #expect(vote.shown.currency == "CHF")
        #expect(vote.supportingRead.text == "CHF 194.95")
        #expect(vote.supportingRead.evidence == .code)
        #expect(vote.confidence > 0.5)
    }

    @Test func aPrintedCurrencyOutlivesItsReadsInTheHistory() {
        var vote = ValueVote(first: read("CHF", .code), historyLength: 3, minimumReadsToChange: 2)
        vote.commit()
        for _ in 0..<10 { vote.add(read("USD", .default)) }
        #expect(vote.shown.currency == "CHF")
    }

    @Test func onePrintedCurrencyReadReplacesAShownAssumedCurrency() {
        // `120,99` shown in the default currency until `R$ 120,99` is read once (the small `R$`
        // is lost in most reads): the printed marker beats the guess.
        var vote = ValueVote(first: read("USD", .default), historyLength: 30, minimumReadsToChange: 2)
        vote.commit()
        vote.add(read("USD", .default))
        vote.add(read("BRL", .symbol, confidence: 0.5))
        #expect(vote.shown.currency == "BRL")
        vote.add(read("USD", .default))
        #expect(vote.shown.currency == "BRL")
        // Another printed currency needs as many reads as any change.
        vote.add(read("GBP", .symbol, confidence: 1))
        #expect(vote.shown.currency == "BRL")
        vote.add(read("GBP", .symbol, confidence: 1))
        #expect(vote.shown.currency == "GBP")
    }

    @Test func twoPrintedCurrenciesAreTwoValues() {
        var vote = ValueVote(first: read("CHF", .code), historyLength: 30, minimumReadsToChange: 2)
        vote.commit()
        vote.add(read("EUR", .symbol))
        #expect(vote.shown.currency == "CHF")
        #expect(!vote.hasRead(detection("194.95", x: 0, y: 0, currency: "GBP")))
        #expect(vote.hasRead(detection("194.95", x: 0, y: 0, currency: "GBP", evidence: .default)))
    }

    @Test func theSameAmountInAnotherCurrencyIsAnotherValue() {
        var reads = [detection("5.00", x: 0, y: 0, currency: "EUR"), detection("5.00", x: 0, y: 0, currency: "USD")]
        var vote = ValueVote(first: reads.removeFirst(), historyLength: 30, minimumReadsToChange: 2)
        vote.commit()
        vote.add(reads[0])
        #expect(vote.shown.currency == "EUR")
        #expect(vote.hasRead(detection("5.00", x: 0, y: 0, currency: "USD")))
        #expect(!vote.hasRead(detection("5.00", x: 0, y: 0, currency: "GBP")))
        #expect(vote.confidence < 0.9)
    }
}

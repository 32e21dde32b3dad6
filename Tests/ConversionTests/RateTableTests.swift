import Foundation
import Testing

@testable import Conversion

@Suite("RateTable")
struct RateTableTests {
    @Test("cross rate USD to JPY goes through the EUR base")
    func crossRateThroughBase() throws {
        let table = try RateTable.bundled()
        let rate = try table.rate(from: "USD", to: "JPY")
        #expect(rate == decimal("175.68") / decimal("1.1172"))
        #expect(try table.rate(from: "EUR", to: "USD") == decimal("1.1172"))
    }

    @Test("the same currency converts at exactly 1, even when the table lacks it")
    func identityRateIsOne() throws {
        let table = try RateTable.bundled()
        #expect(try table.rate(from: "USD", to: "USD") == 1)
        #expect(try table.rate(from: "KWD", to: "kwd") == 1)
    }

    @Test("codes are matched case-insensitively")
    func lowercaseCodesAreAccepted() throws {
        let table = try RateTable.bundled()
        #expect(try table.rate(from: "eur", to: "usd") == decimal("1.1172"))
    }

    @Test("an unknown code throws unknownCurrency naming the code")
    func unknownCodeThrows() throws {
        let table = try RateTable.bundled()
        #expect(throws: ConversionError.unknownCurrency("ABC")) {
            try table.rate(from: "ABC", to: "EUR")
        }
        #expect(throws: ConversionError.unknownCurrency("EURO")) {
            try table.rate(from: "EUR", to: "EURO")
        }
        #expect(ConversionError.unknownCurrency("ABC").description.contains("ABC"))
    }

    @Test("a valid ISO code missing from the table throws rateUnavailable")
    func missingRateThrows() throws {
        let table = try RateTable.bundled()
        #expect(throws: ConversionError.rateUnavailable(currency: "KWD", source: "ecb-bundled", date: "2026-10-30")) {
            try table.rate(from: "KWD", to: "EUR")
        }
    }

    @Test("the base is added with rate 1 and codes are upper-cased")
    func initNormalizes() {
        let table = RateTable(base: "usd", date: "2026-10-30", rates: ["eur": 2], sourceName: "t", publishedAt: Date())
        #expect(table.base == "USD")
        #expect(table.rates == ["USD": 1, "EUR": 2])
    }

    @Test("age counts from publishedAt")
    func ageFromPublication() throws {
        let table = try RateTable.bundled()
        #expect(table.ageSeconds(now: instant("2026-10-30T16:00:00Z")) == 3600)
    }

    @Test("Friday's ECB rates stay fresh over the weekend until Monday 16:00 Frankfurt plus grace")
    func ecbFridayRatesFreshOverWeekend() throws {
        let table = try RateTable.bundled()
        #expect(table.nextTableDueAt == instant("2026-11-02T15:00:00Z"))
        #expect(!table.isStale(now: instant("2026-11-01T12:00:00Z")))
        #expect(!table.isStale(now: instant("2026-11-02T20:59:59Z")))
        #expect(table.isStale(now: instant("2026-11-02T21:00:01Z")))
    }

    @Test("a midweek ECB table is due again the next day")
    func ecbMidweekRatesDueNextDay() {
        let table = RateTable(
            base: "EUR", date: "2026-10-28", rates: [:], sourceName: "ecb",
            publishedAt: instant("2026-10-28T15:00:00Z"))
        #expect(table.nextTableDueAt == instant("2026-10-29T15:00:00Z"))
        #expect(table.isStale(now: instant("2026-10-30T00:00:00Z")))
    }

    @Test("an announced next update replaces the ECB schedule")
    func announcedNextUpdateDecides() {
        let table = RateTable(
            base: "USD", date: "2026-10-31", rates: [:], sourceName: "exchangerate-api",
            publishedAt: instant("2026-10-31T00:00:00Z"), nextUpdateAt: instant("2026-11-01T00:00:00Z"))
        #expect(!table.isStale(now: instant("2026-11-01T05:59:00Z")))
        #expect(table.isStale(now: instant("2026-11-01T06:01:00Z")))
    }

    @Test("an explicit maxAge is a plain age limit")
    func explicitMaxAge() throws {
        let table = try RateTable.bundled()
        #expect(!table.isStale(now: instant("2026-10-30T16:00:00Z"), maxAge: 3600))
        #expect(table.isStale(now: instant("2026-10-30T16:00:01Z"), maxAge: 3600))
    }
}

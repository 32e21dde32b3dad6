import Foundation
import Testing

@testable import Conversion

@Suite("CurrencyConverter")
struct CurrencyConverterTests {
    let enUS = Locale(identifier: "en_US")

    @Test("USD converts to EUR rounded to cents and formatted for the locale")
    func usdToEUR() throws {
        let converter = CurrencyConverter(rates: try RateTable.bundled(), locale: enUS)
        let result = try converter.convert(decimal("12.99"), from: "USD", to: "EUR")
        #expect(result.currency == "EUR")
        #expect(result.amount == decimal("11.63"))
        #expect(result.formatted == "€11.63")
        #expect(result.plainAmount == "11.63")
    }

    @Test("USD converts to JPY through the EUR base, with no minor units")
    func usdToJPY() throws {
        let converter = CurrencyConverter(rates: try RateTable.bundled(), locale: enUS)
        let result = try converter.convert(100, from: "USD", to: "JPY")
        #expect(result.amount == 15725)
        #expect(result.plainAmount == "15725")
        #expect(result.formatted == "¥15,725")
    }

    @Test("converting into the same currency only rounds")
    func identityConversion() throws {
        let converter = CurrencyConverter(rates: try RateTable.bundled(), locale: enUS)
        let result = try converter.convert(decimal("1.005"), from: "EUR", to: "eur")
        #expect(result.amount == decimal("1.00"))
        #expect(result.currency == "EUR")
    }

    @Test(
        "formatting follows the locale",
        arguments: [
            ("de_DE", "EUR", "1.234,50\u{a0}€"),
            ("en_GB", "GBP", "£1,234.50"),
            ("fr_FR", "EUR", "1\u{202f}234,50\u{a0}€"),
            ("ja_JP", "JPY", "¥1,234"),
            ("en_US", "KWD", "KWD\u{a0}1,234.500"),
        ])
    func formattingFollowsLocale(locale: String, currency: String, expected: String) throws {
        let table = RateTable(base: currency, date: "2026-10-30", rates: [:], sourceName: "t", publishedAt: Date())
        let converter = CurrencyConverter(rates: table, locale: Locale(identifier: locale))
        let result = try converter.convert(decimal("1234.5"), from: currency, to: currency)
        #expect(result.formatted == expected)
    }

    @Test("an unknown code throws naming it")
    func unknownCode() throws {
        let converter = CurrencyConverter(rates: try RateTable.bundled(), locale: enUS)
        #expect(throws: ConversionError.unknownCurrency("QQQ")) {
            try converter.convert(1, from: "QQQ", to: "EUR")
        }
    }

    @Test("an amount beyond Decimal's range throws arithmeticOverflow instead of a NaN result")
    func overflowThrows() throws {
        let converter = CurrencyConverter(rates: try RateTable.bundled(), locale: enUS)
        #expect(throws: ConversionError.self) {
            try converter.convert(Decimal.greatestFiniteMagnitude, from: "EUR", to: "IDR")
        }
        #expect(throws: ConversionError.self) {
            try converter.convert(Decimal.nan, from: "EUR", to: "EUR")
        }
    }

    @Test("halves round to even in both directions at two decimals")
    func halfEvenAtCents() throws {
        let table = RateTable(base: "EUR", date: "2026-10-30", rates: ["USD": 1], sourceName: "t", publishedAt: Date())
        let converter = CurrencyConverter(rates: table, locale: enUS)
        #expect(try converter.convert(decimal("0.125"), from: "EUR", to: "USD").amount == decimal("0.12"))
        #expect(try converter.convert(decimal("0.135"), from: "EUR", to: "USD").amount == decimal("0.14"))
        #expect(try converter.convert(decimal("-0.125"), from: "EUR", to: "USD").amount == decimal("-0.12"))
        #expect(try converter.convert(decimal("0.1250000001"), from: "EUR", to: "USD").amount == decimal("0.13"))
    }

    /// Every ISO code Foundation knows whose minor units are not 2.
    static let codesWithoutTwoMinorUnits: [String] = Locale.Currency.isoCurrencies
        .map(\.identifier)
        .filter { CurrencyCodes.minorUnits(of: $0) != 2 }
        .sorted()

    @Test("there are codes with 0, 3 and 4 minor units to test")
    func nonTwoCodesCoverAllDigitCounts() {
        let digits = Set(Self.codesWithoutTwoMinorUnits.compactMap { CurrencyCodes.minorUnits(of: $0) })
        #expect(digits == [0, 3, 4])
    }

    @Test("halves round to even exactly at the minor unit", arguments: codesWithoutTwoMinorUnits)
    func halfEvenAtMinorUnit(code: String) throws {
        let digits = try #require(CurrencyCodes.minorUnits(of: code))
        let unit = Decimal(sign: .plus, exponent: -digits, significand: 1)
        let base = code == "EUR" ? "USD" : "EUR"
        let table = RateTable(base: base, date: "2026-10-30", rates: [code: 4], sourceName: "t", publishedAt: Date())
        let converter = CurrencyConverter(rates: table, locale: enUS)
        let cases: [(amountInUnits: String, expectedUnits: Decimal)] = [
            ("0.125", 0),  // × 4 = 0.5 → 0
            ("0.375", 2),  // × 4 = 1.5 → 2
            ("0.625", 2),  // × 4 = 2.5 → 2
            ("0.875", 4),  // × 4 = 3.5 → 4
            ("-0.625", -2),  // × 4 = -2.5 → -2
            ("0.6250001", 3),  // just above a half → up
        ]
        for (amountInUnits, expectedUnits) in cases {
            let amount = decimal(amountInUnits) * unit
            let result = try converter.convert(amount, from: base, to: code)
            #expect(result.amount == expectedUnits * unit, "\(code) \(amount)")
            let fraction = result.plainAmount.split(separator: ".", omittingEmptySubsequences: false)
            #expect(fraction.count == (digits == 0 ? 1 : 2), "\(code) \(result.plainAmount)")
            #expect((fraction.count == 2 ? fraction[1].count : 0) == digits, "\(code) \(result.plainAmount)")
        }
    }

    @Test("conversion is exact Decimal arithmetic with a single rounding")
    func singleRounding() throws {
        let converter = CurrencyConverter(rates: try RateTable.bundled(), locale: enUS)
        let result = try converter.convert(decimal("1000000"), from: "GBP", to: "CHF")
        let exact = decimal("1000000") * decimal("0.9194") / decimal("0.83380")
        #expect(result.amount == CurrencyCodes.rounded(exact, toMinorUnits: 2))
        #expect(result.plainAmount == "1102662.51")
    }
}

import Conversion
import Foundation
import LensProtocol
import Testing

@testable import Pipeline

@Suite("ConversionCache")
struct ConversionCacheTests {
    private static func converter(usd: String, locale: String = "en_US") -> CurrencyConverter {
        let table = RateTable(
            base: "EUR", date: "2026-10-30", rates: ["USD": Decimal(string: usd) ?? 0, "JPY": 170],
            sourceName: "test", publishedAt: Date(timeIntervalSince1970: 1_793_000_000))
        return CurrencyConverter(rates: table, locale: Locale(identifier: locale))
    }

    private static func amount(_ result: Result<ConvertedMessage, ConversionError>) -> String? {
        try? result.get().amount
    }

    @Test("a price is converted with the rates of the moment, also once it was converted with others")
    func convertsAgainWhenTheRatesChange() {
        let cache = ConversionCache()
        let ten = Decimal(10)
        #expect(Self.amount(cache.conversion(of: ten, from: "EUR", to: "USD", with: Self.converter(usd: "1.1"))) == "11.00")
        #expect(Self.amount(cache.conversion(of: ten, from: "EUR", to: "USD", with: Self.converter(usd: "1.1"))) == "11.00")
        #expect(Self.amount(cache.conversion(of: ten, from: "EUR", to: "USD", with: Self.converter(usd: "1.2"))) == "12.00")
        #expect(Self.amount(cache.conversion(of: ten, from: "USD", to: "EUR", with: Self.converter(usd: "1.25"))) == "8.00")
        #expect(Self.amount(cache.conversion(of: ten, from: "EUR", to: "JPY", with: Self.converter(usd: "1.25"))) == "1700")
    }

    @Test("the same conversion as the converter gives, formatted in the converter's locale")
    func matchesTheConverter() throws {
        let cache = ConversionCache()
        for locale in ["en_US", "de_DE", "en_US"] {
            let converter = Self.converter(usd: "1.1629", locale: locale)
            let expected = try converter.convert(Decimal(string: "48.99")!, from: "USD", to: "EUR")
            let message = try cache.conversion(of: Decimal(string: "48.99")!, from: "USD", to: "EUR", with: converter).get()
            #expect(message == ConvertedMessage(currency: "EUR", amount: expected.plainAmount, formatted: expected.formatted))
        }
    }

    @Test("a currency the rates lack fails each time it is asked for")
    func aMissingCurrencyFailsEveryTime() {
        let cache = ConversionCache()
        for _ in 0..<2 {
            guard case .failure(let error) = cache.conversion(of: 5, from: "EUR", to: "CHF", with: Self.converter(usd: "1.1")) else {
                Issue.record("CHF converted without a rate")
                return
            }
            #expect(error.description.contains("CHF"))
        }
    }

    @Test("amounts are written with their currency's minor units, however they were read")
    func plainAmounts() {
        let cache = ConversionCache()
        #expect(cache.plainString(Decimal(string: "1.5")!, currency: "EUR") == "1.50")
        #expect(cache.plainString(Decimal(string: "1.50")!, currency: "EUR") == "1.50")
        #expect(cache.plainString(Decimal(string: "1.5")!, currency: "KWD") == "1.500")
        #expect(cache.plainString(7580, currency: "JPY") == "7580")
    }
}

import Foundation
import Testing

@testable import PriceParsing

/// Amounts formatted by Foundation's currency formatter read back as the same amount and currency.
@Suite("PriceExtractor reads what NumberFormatter prints")
struct PriceExtractorRoundTripTests {
    static let locales = [
        "en_US", "en_GB", "en_CA", "fr_CA", "en_AU", "en_IN", "es_MX", "pt_BR", "de_DE", "de_AT", "de_CH", "fr_CH",
        "fr_FR", "it_IT", "es_ES", "nl_NL", "pl_PL", "cs_CZ", "hu_HU", "sv_SE", "nb_NO", "da_DK", "ru_RU", "uk_UA",
        "tr_TR", "he_IL", "ja_JP", "zh_CN", "ko_KR", "th_TH", "vi_VN", "ms_MY", "id_ID",
    ]
    static let foreignCurrencies = ["USD", "EUR", "GBP", "JPY", "CHF"]
    static let amounts = ["0.99", "5", "12.5", "12.99", "100", "1299", "1299.95", "45678.1", "1234567.89"]

    struct Failure: CustomStringConvertible {
        var locale: String
        var currency: String
        var formatted: String
        var found: [ParsedPrice]

        var description: String {
            "\(locale) \(currency) \(formatted.debugDescription) → \(found.map { "\($0.amount) \($0.currency)" })"
        }
    }

    static func minorUnits(of currency: String) -> Int {
        CurrencySymbolTable.shared.minorUnits(of: currency)
    }

    @Test("parses formatted amounts back to the same amount and currency", arguments: locales)
    func roundTrips(_ identifier: String) throws {
        let locale = Locale(identifier: identifier)
        let own = try #require(locale.currency?.identifier)
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        var failures: [Failure] = []
        var checked = 0
        let currencies = [own] + Self.foreignCurrencies.filter { $0 != own }
        for currency in currencies {
            formatter.currencyCode = currency
            let extractor = PriceExtractor(configuration: .init(sourceCurrency: currency))
            for text in Self.amounts {
                let amount = try #require(Decimal(string: text))
                guard amount.exponentOfFraction <= Self.minorUnits(of: currency) else { continue }
                let formatted = try #require(formatter.string(from: amount as NSDecimalNumber))
                let found = extractor.parse(formatted)
                checked += 1
                let printed = formatted.unicodeScalars.filter { $0.properties.generalCategory != .format }
                let expectedSpan = String(String.UnicodeScalarView(printed)).trimmingCharacters(in: .whitespaces)
                if found.count != 1 || found.first?.amount != amount || found.first?.currency != currency
                    || found.first?.text.unicodeScalars.filter({ $0.properties.generalCategory != .format })
                        .map(String.init).joined() != expectedSpan
                {
                    failures.append(Failure(locale: identifier, currency: currency, formatted: formatted, found: found))
                }
            }
        }
        #expect(checked >= 30)
        #expect(failures.isEmpty, "\(failures)")
    }
}

extension Decimal {
    /// Digits after the decimal point (0 for integers).
    fileprivate var exponentOfFraction: Int { exponent < 0 ? -exponent : 0 }
}

extension PriceExtractorRoundTripTests {
    @Test("the locales' currency spellings read on several threads come out as on one, in locale order")
    func spellingsAreTheSameOnAnyNumberOfThreads() {
        let identifiers = Array(Locale.availableIdentifiers.sorted().prefix(120)) + ["fr_FR", "en_CA", "sv_SE", "fr", "de_CH"]
        let one = CurrencySymbolTable.localeSpellings(identifiers, slices: 1)
        #expect(!one.isEmpty)
        #expect(one.contains { $0.code == "USD" && $0.symbol.contains("US") })
        for slices in [2, 3, 7] {
            #expect(CurrencySymbolTable.localeSpellings(identifiers, slices: slices) == one, "\(slices) slices")
        }
    }
}

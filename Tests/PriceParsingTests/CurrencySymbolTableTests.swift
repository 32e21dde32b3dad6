import Foundation
import Testing
@testable import PriceParsing

@Suite("CurrencySymbolTable")
struct CurrencySymbolTableTests {
    @Test("the locales' spellings have the symbols their NumberFormatter reports")
    func spellingsHaveTheFormattersSymbols() {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        let spellings = CurrencySymbolTable.localeSpellings(Locale.availableIdentifiers.sorted(), slices: 1)
        var differing: [String] = []
        for spelling in spellings {
            formatter.locale = Locale(identifier: spelling.locale)
            formatter.currencyCode = spelling.code
            let expected = formatter.currencySymbol ?? ""
            if Self.trimmed(spelling.symbol) != Self.trimmed(expected) {
                differing.append("\(spelling.locale) \(spelling.code): \(spelling.symbol) in \(spelling.formatted), not \(expected)")
            }
        }
        #expect(spellings.count > 1_500)
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test("takes the symbol from before or after digits of any script")
    func symbolAroundDigitsOfAnyScript() {
        #expect(CurrencySymbolTable.symbol(in: "US$1.00") == "US$")
        #expect(CurrencySymbolTable.symbol(in: "1,00\u{A0}€") == "\u{A0}€")
        #expect(CurrencySymbolTable.symbol(in: "\u{200F}١٫٠٠\u{A0}ج.م.\u{200F}") == "\u{200F}\u{A0}ج.م.\u{200F}")
        #expect(CurrencySymbolTable.symbol(in: "\u{200E}ریال\u{A0}۱") == "\u{200E}ریال\u{A0}")
        #expect(CurrencySymbolTable.symbol(in: "kr.") == "kr.")
    }

    /// Without bidi marks and white space at the ends, as the table stores a symbol.
    private static func trimmed(_ symbol: String) -> String {
        String(String.UnicodeScalarView(symbol.unicodeScalars.filter { $0.properties.generalCategory != .format }))
            .trimmingCharacters(in: .whitespaces)
    }
}

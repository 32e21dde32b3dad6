import Foundation
import Testing

@testable import Conversion

@Suite("CurrencyCodes")
struct CurrencyCodesTests {
    @Test("minor units come from ICU: JPY 0, KRW 0, EUR 2, USD 2, KWD 3, BHD 3, CLF 4")
    func minorUnitsFromICU() {
        #expect(CurrencyCodes.minorUnits(of: "JPY") == 0)
        #expect(CurrencyCodes.minorUnits(of: "KRW") == 0)
        #expect(CurrencyCodes.minorUnits(of: "EUR") == 2)
        #expect(CurrencyCodes.minorUnits(of: "usd") == 2)
        #expect(CurrencyCodes.minorUnits(of: "KWD") == 3)
        #expect(CurrencyCodes.minorUnits(of: "BHD") == 3)
        #expect(CurrencyCodes.minorUnits(of: "CLF") == 4)
    }

    @Test("unknown codes have no minor units and are not known")
    func unknownCodes() {
        #expect(CurrencyCodes.minorUnits(of: "ABC") == nil)
        #expect(!CurrencyCodes.isKnown("ABC"))
        #expect(!CurrencyCodes.isKnown(""))
        #expect(!CurrencyCodes.isKnown(" EUR"))
        #expect(CurrencyCodes.isKnown("EUR"))
        #expect(CurrencyCodes.isKnown("eur"))
    }

    @Test("every code Foundation lists is known and has minor units between 0 and 4")
    func everyFoundationCodeHasMinorUnits() {
        let codes = Locale.Currency.isoCurrencies.map(\.identifier)
        #expect(codes.count > 150)
        for code in codes {
            #expect(CurrencyCodes.isKnown(code), "\(code)")
            let units = CurrencyCodes.minorUnits(of: code)
            #expect(units.map { (0...4).contains($0) } == true, "\(code): \(String(describing: units))")
        }
    }

    @Test("plain strings have exactly the minor-unit digits, no grouping, '.' separator")
    func plainStrings() {
        #expect(CurrencyCodes.plainString(decimal("11.6"), currency: "EUR") == "11.60")
        #expect(CurrencyCodes.plainString(decimal("1234567.891"), currency: "EUR") == "1234567.89")
        #expect(CurrencyCodes.plainString(decimal("1491.5"), currency: "JPY") == "1492")
        #expect(CurrencyCodes.plainString(decimal("2.5"), currency: "JPY") == "2")
        #expect(CurrencyCodes.plainString(decimal("0.1"), currency: "KWD") == "0.100")
        #expect(CurrencyCodes.plainString(decimal("-3.14159"), currency: "CLF") == "-3.1416")
        #expect(CurrencyCodes.plainString(0, currency: "EUR") == "0.00")
        #expect(CurrencyCodes.plainString(decimal("-0.001"), currency: "EUR") == "0.00")
        #expect(CurrencyCodes.plainString(decimal("0.4"), currency: "JPY") == "0")
        #expect(
            CurrencyCodes.plainString(decimal("12345678901234567890.125"), currency: "EUR") == "12345678901234567890.12"
        )
    }

    @Test("plain strings of unknown codes use 2 digits")
    func plainStringUnknownCode() {
        #expect(CurrencyCodes.plainString(decimal("1.005"), currency: "ABC") == "1.00")
    }
}

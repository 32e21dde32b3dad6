import Conversion
import Foundation
import Testing

@Suite("TypedAmount")
struct TypedAmountTests {
    @Test("reads plain, grouped and decimal amounts exactly, with the decimals as typed")
    func readsPlainNotation() throws {
        let cases: [(String, String, Int)] = [
            ("1000000", "1000000", 0), ("1,500,000", "1500000", 0), ("999999999.99", "999999999.99", 2),
            ("12.345", "12.345", 3), ("1'299.00", "1299", 2), ("1 299.5", "1299.5", 1), ("1,00,000", "100000", 0),
            (".5", "0.5", 1), ("12345678901234567890123456789012345678", "12345678901234567890123456789012345678", 0),
        ]
        for (text, value, decimals) in cases {
            let amount = try TypedAmount.parse(text)
            #expect(amount.value == Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")), "\(text)")
            #expect(amount.decimals == decimals, "\(text)")
        }
    }

    @Test("reads a locale's decimal comma and its grouping dot")
    func readsLocaleNotation() throws {
        let german = TypedAmount.Notation(locale: Locale(identifier: "de_DE"))
        #expect(try TypedAmount.parse("12,99", notation: german).value == Decimal(string: "12.99", locale: Locale(identifier: "en_US_POSIX")))
        #expect(try TypedAmount.parse("1.299,00", notation: german).value == 1299)
        #expect(throws: TypedAmountError.self) { try TypedAmount.parse("12.99", notation: german) }
    }

    @Test("refuses what is not one unsigned number, uneven grouping and more digits than Decimal keeps")
    func refusesMalformedAmounts() {
        let refused: [(String, TypedAmountError)] = [
            ("", .empty), ("-5", .negative("-5")), ("12.99.1", .notANumber("12.99.1")), ("12a", .notANumber("12a")),
            ("12,99", .misplacedGrouping("12,99")), ("1,5,0", .misplacedGrouping("1,5,0")), ("1,000 000", .notANumber("1,000 000")),
            ("1234,567", .misplacedGrouping("1234,567")),
            (String(repeating: "9", count: 39), .tooManyDigits(String(repeating: "9", count: 39))),
        ]
        for (text, error) in refused {
            #expect(throws: error, "\(text)") { try TypedAmount.parse(text) }
        }
    }
}

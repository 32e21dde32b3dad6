import Foundation

/// ISO 4217 currency codes and their minor units, as Foundation and its ICU data know them.
///
/// Nothing here is a hand-made table. The set of codes is `Locale.Currency.isoCurrencies`
/// (ICU's ISO 4217 list, which includes historic codes such as `DEM`; 308 codes on Linux with
/// Swift 6.3). Minor units are the fraction digits ICU uses when it formats the currency
/// (CLDR's "standard" digits), read back from `Decimal.FormatStyle.Currency`.
///
/// On Linux, `NumberFormatter.maximumFractionDigits` reports 2 for every currency code
/// (swift-corelibs-foundation does not read ICU's currency digits back into the property), so it
/// cannot be used; the currency format style formats with the right digits. Verified on Linux
/// (Swift 6.3.1): JPY 0, KRW 0, KWD 3, BHD 3, JOD 3, OMR 3, TND 3, LYD 3, CLF 4, UYW 4, EUR 2,
/// USD 2. CLDR differs from the ISO 4217 list for a few codes where cash practice has no
/// minor unit: IDR 0, COP 0, ISK 0, IQD 0 (ISO: 2, 2, 0, 3); these follow CLDR so that the
/// rounded amount always matches what the formatted string shows.
///
/// Codes are matched case-insensitively; surrounding whitespace is not accepted.
public enum CurrencyCodes {
    /// All ISO 4217 codes Foundation knows, upper case.
    public static let all: Set<String> = Set(Locale.Currency.isoCurrencies.map { $0.identifier.uppercased() })

    /// The minor-unit digits of each known code.
    private static let minorUnitsByCode: [String: Int] = {
        var table: [String: Int] = [:]
        table.reserveCapacity(all.count)
        for code in all {
            table[code] = fractionDigitsICUFormats(code)
        }
        return table
    }()

    /// The currency's number of minor-unit (fraction) digits, or `nil` if the code is unknown.
    public static func minorUnits(of code: String) -> Int? {
        minorUnitsByCode[code.uppercased()]
    }

    /// Whether `code` is an ISO 4217 currency code per Foundation.
    public static func isKnown(_ code: String) -> Bool {
        all.contains(code.uppercased())
    }

    /// `amount` rounded half-even to the currency's minor units and written with exactly that
    /// many fraction digits, `.` as decimal separator, no grouping and a leading `-` when
    /// negative, e.g. `"11.63"`, `"1492"`, `"0.125"`. Suitable for JSON.
    ///
    /// Unknown codes are written with 2 fraction digits.
    public static func plainString(_ amount: Decimal, currency: String) -> String {
        let digits = minorUnits(of: currency) ?? 2
        return plainString(rounded(amount, toMinorUnits: digits), fractionDigits: digits)
    }

    /// `amount` rounded half-even (banker's rounding) to `digits` fraction digits.
    static func rounded(_ amount: Decimal, toMinorUnits digits: Int) -> Decimal {
        var input = amount
        var result = Decimal()
        NSDecimalRound(&result, &input, digits, .bankers)
        return result
    }

    /// Writes an already rounded `value` with exactly `fractionDigits` fraction digits.
    static func plainString(_ value: Decimal, fractionDigits: Int) -> String {
        if value.isZero {
            return fractionDigits > 0 ? "0." + String(repeating: "0", count: fractionDigits) : "0"
        }
        let text = value.description
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = parts.first.map(String.init) ?? "0"
        var fractionPart = parts.count > 1 ? String(parts[1]) : ""
        if fractionPart.count < fractionDigits {
            fractionPart += String(repeating: "0", count: fractionDigits - fractionPart.count)
        } else if fractionPart.count > fractionDigits {
            fractionPart = String(fractionPart.prefix(fractionDigits))
        }
        let body = fractionDigits > 0 ? integerPart + "." + fractionPart : integerPart
        return negative ? "-" + body : body
    }

    /// Asks ICU how many fraction digits it formats `code` with, by formatting zero in the
    /// POSIX locale (`"KWD 0.000"`) with the ISO code as symbol, which holds no digits or dots.
    private static func fractionDigitsICUFormats(_ code: String) -> Int {
        let style = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: "en_US_POSIX"))
            .presentation(.isoCode)
        let text = Decimal(0).formatted(style)
        guard let point = text.lastIndex(of: ".") else {
            return 0
        }
        return text[text.index(after: point)...].prefix(while: { $0.isASCII && $0.isNumber }).count
    }
}

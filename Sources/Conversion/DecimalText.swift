import Foundation

/// Strict reading of rate values written as plain decimal numbers.
enum DecimalText {
    /// The value of `text` if it is a plain positive decimal number (`"1.1172"`, `"136"`,
    /// `"0.83380"`): ASCII digits with at most one `.` between digits, no sign, exponent,
    /// grouping or surrounding whitespace; `nil` otherwise or when the value is zero.
    static func positiveRate(_ text: Substring) -> Decimal? {
        var digitsBefore = 0
        var digitsAfter = 0
        var seenPoint = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenPoint { digitsAfter += 1 } else { digitsBefore += 1 }
            case UInt8(ascii: ".") where !seenPoint:
                seenPoint = true
            default:
                return nil
            }
        }
        guard digitsBefore > 0, !seenPoint || digitsAfter > 0 else {
            return nil
        }
        guard let value = Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN, value > 0
        else {
            return nil
        }
        return value
    }
}

import Foundation

/// An amount a person typed, such as `lensd convert 1,500,000 KRW USD`: digits with one decimal
/// separator and optional grouping, read exactly as written and of any size `Decimal` holds.
///
/// Unlike a price read from an image, a typed amount is the user's number: nothing about it is
/// implausible, and `12.345` is twelve and a bit, not twelve thousand.
public struct TypedAmount: Sendable, Hashable {
    /// The amount's value.
    public var value: Decimal
    /// Digits written after the decimal separator (`2` for `12.50`, `0` for `1,500,000`).
    public var decimals: Int

    /// How a typed number is written: the decimal separator and the characters that may group
    /// its digits.
    public struct Notation: Sendable, Hashable {
        public var decimalSeparator: Character
        public var groupingSeparators: Set<Character>

        public init(decimalSeparator: Character, groupingSeparators: Set<Character>) {
            self.decimalSeparator = decimalSeparator
            self.groupingSeparators = groupingSeparators.subtracting([decimalSeparator])
        }

        /// Spaces (also no-break and narrow no-break ones) and `'` group digits in any notation.
        static let spaces: Set<Character> = [" ", "'", "\u{00A0}", "\u{202F}"]

        /// `.` for decimals, `,`, spaces or `'` for grouping: how amounts are typed on a command line
        /// when no locale says otherwise.
        public static let plain = Notation(decimalSeparator: ".", groupingSeparators: spaces.union([","]))

        /// The locale's decimal and grouping separators (`,` and `.` for `de_DE`), and the spaces.
        public init(locale: Locale) {
            let decimal = locale.decimalSeparator.flatMap(\.first) ?? "."
            let grouping = locale.groupingSeparator.flatMap(\.first).map { Set([$0]) } ?? []
            self.init(decimalSeparator: decimal, groupingSeparators: Self.spaces.union(grouping))
        }
    }

    /// Digits `Decimal` keeps exactly.
    public static let maximumDigits = 38

    /// Reads `text`, which must be the number alone (no currency sign, no sign).
    public static func parse(_ text: some StringProtocol, notation: Notation = .plain) throws(TypedAmountError) -> TypedAmount {
        let written = String(text)
        guard !written.isEmpty else { throw .empty }
        if written.hasPrefix("-") || written.hasPrefix("\u{2212}") { throw .negative(written) }
        let parts = written.split(separator: notation.decimalSeparator, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw .notANumber(written) }
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy(\.isASCIIDigitCharacter), !(whole.isEmpty && fraction.isEmpty) else { throw .notANumber(written) }
        let digits = try wholeDigits(whole, written: written, notation: notation)
        let significant = (digits + fraction).drop { $0 == "0" }
        guard significant.count <= maximumDigits else { throw .tooManyDigits(written) }
        guard let value = Decimal(string: (digits.isEmpty ? "0" : digits) + (fraction.isEmpty ? "" : "." + fraction), locale: Locale(identifier: "en_US_POSIX"))
        else { throw .notANumber(written) }
        return TypedAmount(value: value, decimals: fraction.count)
    }

    /// The whole part's digits: either plain digits, or groups split by one kind of grouping
    /// character, of three digits after the first (or of two before the last three, as `en_IN` writes lakhs).
    private static func wholeDigits(_ whole: Substring, written: String, notation: Notation) throws(TypedAmountError) -> String {
        let separators = Set(whole.filter { !$0.isASCIIDigitCharacter })
        guard separators.isSubset(of: notation.groupingSeparators), separators.count <= 1 else { throw .notANumber(written) }
        guard let separator = separators.first else { return String(whole) }
        let groups = whole.split(separator: separator, omittingEmptySubsequences: false).map(\.count)
        guard let first = groups.first, let last = groups.last, groups.count >= 2, (1...3).contains(first), last == 3 else {
            throw .misplacedGrouping(written)
        }
        let middle = groups.dropFirst().dropLast()
        guard middle.allSatisfy({ $0 == 3 }) || middle.allSatisfy({ $0 == 2 }) else { throw .misplacedGrouping(written) }
        return whole.filter(\.isASCIIDigitCharacter)
    }
}

/// Why a typed amount could not be read.
public enum TypedAmountError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case negative(String)
    case notANumber(String)
    case misplacedGrouping(String)
    case tooManyDigits(String)

    public var description: String {
        switch self {
        case .empty: "no amount given"
        case .negative(let text): "'\(text)' is negative: give the amount without a sign"
        case .notANumber(let text): "cannot read '\(text)' as an amount"
        case .misplacedGrouping(let text): "'\(text)' groups its digits unevenly: groups of three after the first, as in 1,500,000"
        case .tooManyDigits(let text): "'\(text)' has more than \(TypedAmount.maximumDigits) digits"
        }
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

import Foundation

/// A run of digit groups as printed (`1.299,00`, `1 299`, `12,-`), before deciding which separator is the decimal one.
struct NumberToken: Sendable, Hashable {
    /// A character between two digit groups.
    enum Separator: Sendable, Hashable {
        case point
        case comma
        /// Space, no-break space, narrow no-break space or thin space: always grouping.
        case space
        /// `'` or `’` (Swiss grouping): always grouping.
        case apostrophe
        /// A decimal point the OCR lost, restored from superscript cents in the word boxes.
        case hintedDecimal
        /// `,` or `.` followed by a space and two digits (`EUR 48, 77`): OCR split a decimal amount;
        /// taken only with a currency marker.
        case spacedDecimal

        var isGroupingOnly: Bool { self == .space || self == .apostrophe }
    }

    /// The value read from a token.
    struct Value: Sendable, Hashable {
        var amount: Decimal
        var integerDigits: Int
        var fractionDigits: Int
        /// The token used grouping separators (`1.299`, `1 299`).
        var isGrouped: Bool
        /// A lone `.`/`,` followed by three digits was read as grouping although the currency has two
    /// minor units (`1.299 €`); currencies without minor units (`¥1,200`) are not ambiguous.
        var isAmbiguous: Bool
    }

    /// The digits of all groups read as one integer (exact up to 18 digits).
    var significand: UInt64 = 0
    /// How many digits the groups hold.
    var digitCount = 0
    /// The first digit, 0…9.
    var firstDigit: UInt8 = 0
    /// Digit count of each group.
    var groupLengths: [Int] = []
    /// Separators between groups; one fewer than groups.
    var separators: [Separator] = []
    /// The token ended in `,-`, `.-`, `.–`, Swedish `:-` or Indian `/-`: a whole amount with the cents dashed out.
    var hasDashedFraction = false
    /// The token was `–.89`: cents with the whole part dashed out.
    var hasDashedWhole = false
    /// How many letters were read as digits (`O` → 0, `l` → 1).
    var repairs = 0

    /// Appends a digit to the current group's run.
    mutating func append(digit: UInt8) {
        if digitCount == 0 { firstDigit = digit }
        if digitCount < 18 { significand = significand * 10 + UInt64(digit) }
        digitCount += 1
    }

    /// Whether the number is whole or ends in a single decimal (`99`, `24.9`), as temperatures and cents are.
    var hasAtMostOneFractionDigit: Bool {
        guard let last = separators.last, !last.isGroupingOnly else { return !hasDashedWhole }
        return (groupLengths.last ?? 0) <= 1
    }

    /// Whether this is a plain integer without separators.
    var isPlainInteger: Bool { separators.isEmpty && !hasDashedFraction }

    /// Digits as text, for checks like "is this a year".
    var integerValueIfPlain: Int? {
        guard isPlainInteger, digitCount <= 9 else { return nil }
        return Int(significand)
    }

    /// Reads the value, deciding the decimal separator.
    ///
    /// The rule, in order:
    /// 1. A restored decimal point (superscript cents, `48, 77`) is the decimal separator.
    /// 2. Spaces and apostrophes only ever group thousands.
    /// 3. When both `.` and `,` occur, the last one is the decimal separator (`1.299,00`, `1,299.00`).
    /// 4. A `.` or `,` that occurs more than once groups thousands (`1.299.000`).
    /// 5. A single `.` or `,` followed by one or two digits is the decimal separator (`12,99`, `12.5`).
    /// 6. A single `.` or `,` followed by exactly three digits is ambiguous: it is the decimal separator
    ///    only when the currency has three minor units (KWD, BHD…) or the integer part is `0`; otherwise it
    ///    groups thousands (`1.299` € is 1299, `¥1,200` is 1200). ``Value/isAmbiguous`` is set.
    /// 7. Four or more digits after a single `.`/`,` is not a price.
    ///
    /// Grouping must be regular: the first group 1–3 digits, every later group exactly 3 (the Indian
    /// 2-digit lakh grouping `1,23,456` is accepted with commas). Anything else returns `nil`.
    func value(minorUnits: Int) -> Value? {
        guard !groupLengths.isEmpty else { return nil }
        var decimalIndex: Int?
        var ambiguous = false
        if let hinted = separators.lastIndex(where: { $0 == .hintedDecimal || $0 == .spacedDecimal }) {
            guard hinted == separators.count - 1 else { return nil }
            decimalIndex = hinted
        } else if let last = separators.last, !last.isGroupingOnly {
            let lastIndex = separators.count - 1
            let earlier = separators.dropLast()
            let fractionLength = groupLengths[groupLengths.count - 1]
            if earlier.contains(where: { $0 != last && !$0.isGroupingOnly }) {
                decimalIndex = lastIndex
            } else if earlier.contains(last) {
                decimalIndex = nil
            } else if earlier.contains(where: \.isGroupingOnly) {
                decimalIndex = fractionLength == 3 && minorUnits != 3 ? nil : lastIndex
            } else if fractionLength <= 2 {
                decimalIndex = lastIndex
            } else if fractionLength == 3 {
                ambiguous = minorUnits == 2
                let integerIsZero = groupLengths[0] == 1 && firstDigit == 0
                decimalIndex = minorUnits == 3 || integerIsZero ? lastIndex : nil
            } else {
                return nil
            }
        }
        let grouping = decimalIndex.map { Array(separators[..<$0]) } ?? separators
        let integerGroups = Array(groupLengths[..<(grouping.count + 1)])
        guard Self.isRegularGrouping(integerGroups, separators: grouping) else { return nil }
        if let decimalIndex {
            let fractionLength = groupLengths[decimalIndex + 1]
            guard fractionLength <= 3 else { return nil }
        }
        guard digitCount <= 18 else { return nil }
        let fractionDigits = decimalIndex.map { groupLengths[$0 + 1] } ?? 0
        let amount = Decimal(sign: .plus, exponent: -fractionDigits, significand: Decimal(significand))
        return Value(
            amount: amount, integerDigits: integerGroups.reduce(0, +), fractionDigits: fractionDigits,
            isGrouped: !grouping.isEmpty, isAmbiguous: ambiguous)
    }

    private static func isRegularGrouping(_ groups: [Int], separators: [Separator]) -> Bool {
        guard let first = groups.first else { return false }
        if separators.isEmpty { return first >= 1 }
        guard first >= 1, first <= 3 else { return false }
        let kinds = Set(separators.map { $0.isGroupingOnly ? Separator.space : $0 })
        guard kinds.count == 1 else { return false }
        let rest = groups.dropFirst()
        if rest.allSatisfy({ $0 == 3 }) { return true }
        let isIndian =
            separators.allSatisfy { $0 == .comma } && first <= 2 && rest.last == 3
            && rest.dropLast().allSatisfy { $0 == 2 }
        return isIndian
    }
}

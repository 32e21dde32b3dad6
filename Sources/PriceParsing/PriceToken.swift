/// One lexical unit of an OCR line, as the price scanner sees it; offsets are Unicode scalar offsets.
struct PriceToken: Sendable {
    /// What the token is.
    enum Kind: Sendable {
        /// Digit groups with their separators.
        case number(NumberToken)
        /// Three capital letters naming an ISO 4217 currency (`EUR`).
        case code(String)
        /// A currency symbol (`€`, `R$`, `kr`): its index in ``CurrencySymbolTable/symbols``.
        case symbol(Int)
        /// The cent sign `¢`: hundredths of the source currency (of USD when the source has no cents).
        case cents
        /// A capital `S` or `§` glued to digits at the start of a word: OCR's usual readings of `$`.
        case misreadDollar
        /// A run of letters.
        case word(String)
        /// Any other single character (`%`, `/`, `-`, `:`).
        case punctuation(Unicode.Scalar)
    }

    var kind: Kind
    /// First scalar offset.
    var start: Int
    /// Scalar offset one past the end.
    var end: Int
    /// White space scalars between the previous token and this one.
    var gapBefore: Int

    var isNumber: Bool {
        if case .number = kind { return true }
        return false
    }

    var number: NumberToken? {
        if case .number(let number) = kind { return number }
        return nil
    }

    var word: String? {
        if case .word(let word) = kind { return word }
        return nil
    }

    func isPunctuation(_ test: (Unicode.Scalar) -> Bool) -> Bool {
        if case .punctuation(let scalar) = kind { return test(scalar) }
        return false
    }
}

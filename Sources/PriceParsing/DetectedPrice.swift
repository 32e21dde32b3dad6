import Foundation
import SceneAnalysis

/// How the currency of a price was decided.
public enum CurrencyEvidence: String, Sendable, Hashable, Codable {
    /// An ISO 4217 code was printed next to the amount (`EUR 12.99`).
    case code
    /// A currency symbol was printed (`€12.99`, `$5`); ambiguous symbols resolve by the source currency.
    case symbol
    /// Nothing marked the currency; the configured source currency was assumed.
    case `default`
}

/// One price found in one frame: the amount, its currency and where it was printed.
public struct DetectedPrice: Sendable, Hashable {
    /// The text the amount was read from, as printed (e.g. `€ 1.299,00`).
    public var text: String
    public var amount: Decimal
    /// ISO 4217 code.
    public var currency: String
    public var currencyEvidence: CurrencyEvidence
    /// Where the price text is, in frame pixels.
    public var box: PixelRect
    /// 0…1: how likely this price is read right, ``ParsedPrice/certainty`` (from the text alone)
    /// times the mean OCR confidence of the words the price text came from (the line's mean when the
    /// words cannot be placed); see docs/protocol.md, "Confidence", for the certainty rules.
    public var confidence: Double
    /// The unit of a unit price (`kg` in `2,49 €/kg`), if any.
    public var unit: String?
    /// The quantity of a multi-buy offer (`3` in `3 for $5`), if any.
    public var quantity: Int?
    /// 0…1: the mean OCR confidence of the words the price text came from, without the parse
    /// certainty; `nil` when not read from OCR words.
    public var readConfidence: Double?

    public init(
        text: String, amount: Decimal, currency: String, currencyEvidence: CurrencyEvidence,
        box: PixelRect, confidence: Double, unit: String? = nil, quantity: Int? = nil, readConfidence: Double? = nil
    ) {
        self.text = text
        self.amount = amount
        self.currency = currency
        self.currencyEvidence = currencyEvidence
        self.box = box
        self.confidence = confidence
        self.unit = unit
        self.quantity = quantity
        self.readConfidence = readConfidence
    }
}

extension DetectedPrice {
    /// Whether the text ends in digits after which no further digit of the price can follow, so
    /// that an end so read is not cut short by the frame: the amount's full fraction, as many
    /// digits after a point or comma as its currency has minor units (`142.79` in dollars, not
    /// `142.7` or `1,966`), or for a currency without minor units a whole group of thousands after
    /// a digit (`¥7,580`: a further group would make it a million; not `¥75.80` or `¥758`). A
    /// thousands group cut after two of its digits (`2.24` of `2.241,99`) reads the same; callers
    /// check that nothing is printed beyond the end before they rely on this.
    public var endsInFinalDigits: Bool {
        let minorUnits = CurrencySymbolTable.shared.minorUnits(of: currency)
        let scalars = Array(text.unicodeScalars)
        let digits = scalars.reversed().prefix { ScalarClass.isDigit($0) }.count
        guard digits == (minorUnits > 0 ? minorUnits : 3), scalars.count > digits else { return false }
        let separator = scalars[scalars.count - digits - 1]
        guard separator == "." || separator == "," else { return false }
        return minorUnits > 0 || scalars.count > digits + 1 && ScalarClass.isDigit(scalars[scalars.count - digits - 2])
    }
}

import Foundation

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

    public init(
        text: String, amount: Decimal, currency: String, currencyEvidence: CurrencyEvidence,
        box: PixelRect, confidence: Double, unit: String? = nil, quantity: Int? = nil
    ) {
        self.text = text
        self.amount = amount
        self.currency = currency
        self.currencyEvidence = currencyEvidence
        self.box = box
        self.confidence = confidence
        self.unit = unit
        self.quantity = quantity
    }
}

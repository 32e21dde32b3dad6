import Foundation

/// A price read from text alone, with where it was printed in that text.
public struct ParsedPrice: Sendable, Hashable {
    /// The amount in the currency's units (`12.99`, `1299`), exactly as printed (no rounding).
    public var amount: Decimal
    /// ISO 4217 code.
    public var currency: String
    /// How the currency was decided: a printed code, a printed symbol, or the source currency.
    public var currencyEvidence: CurrencyEvidence
    /// The printed price: the amount with its currency marker (`€ 1.299,00`), without a unit or multi-buy count.
    public var span: Range<String.Index>
    /// 0…1: how sure the reading is from the text alone: 0.97 for a printed ISO code, 0.95 × the
    /// symbol's currency certainty for a symbol, 0.6 for an unmarked amount with the currency's
    /// decimals (0.5 dashed cents), then lowered for ambiguous separators (× 0.9), repaired OCR
    /// letters (× 0.75), superscript cents (× 0.85) and spaced decimals (× 0.8); see docs/protocol.md.
    public var certainty: Double
    /// The unit of a unit price (`kg` in `2,49 €/kg`, `100g` in `€1.20/100 g`), if any.
    public var unit: String?
    /// The item count of a multi-buy offer (`3` in `3 for $5`), if any.
    public var quantity: Int?
    /// The text of ``span``.
    public var text: String

    public init(
        amount: Decimal, currency: String, currencyEvidence: CurrencyEvidence, span: Range<String.Index>,
        certainty: Double, unit: String? = nil, quantity: Int? = nil, text: String
    ) {
        self.amount = amount
        self.currency = currency
        self.currencyEvidence = currencyEvidence
        self.span = span
        self.certainty = certainty
        self.unit = unit
        self.quantity = quantity
        self.text = text
    }
}

import Foundation
import PriceParsing
import SceneAnalysis

/// One price as the overlay shows it: stable id while visible, smoothed box, voted value.
public struct TrackedPrice: Sendable, Hashable {
    /// `p1`, `p2`, … never reused within a tracker's life.
    public var id: String
    /// The text of the most recent read that supports the shown value, as printed.
    public var text: String
    /// The voted amount: the one most supported by the track's reads.
    public var amount: Decimal
    /// ISO 4217 code of the voted value.
    public var currency: String
    /// How the currency of the supporting read was decided.
    public var currencyEvidence: CurrencyEvidence
    /// The smoothed box, in frame pixels.
    public var box: PixelRect
    /// 0…1: how much the track's reads agree on the shown value, times how confident those reads were.
    public var confidence: Double
    /// `true` while the user has locked this track: its value is frozen and it stays visible.
    public var locked: Bool
    /// Where the track is in its life; `coasting` means its box is predicted, not read, in this frame.
    public var state: TrackState
    /// Seconds since the track was created.
    public var age: Double
    /// The unit of a unit price (`kg` in `2,49 €/kg`), if the supporting reads had one.
    public var unit: String?
    /// The quantity of a multi-buy offer (`3` in `3 for $5`), if the supporting reads had one.
    public var quantity: Int?

    /// A tracked price with every field given (tests, still images, replayed output).
    public init(
        id: String, text: String, amount: Decimal, currency: String, currencyEvidence: CurrencyEvidence,
        box: PixelRect, confidence: Double, locked: Bool, state: TrackState, age: Double,
        unit: String? = nil, quantity: Int? = nil
    ) {
        self.id = id
        self.text = text
        self.amount = amount
        self.currency = currency
        self.currencyEvidence = currencyEvidence
        self.box = box
        self.confidence = confidence
        self.locked = locked
        self.state = state
        self.age = age
        self.unit = unit
        self.quantity = quantity
    }
}

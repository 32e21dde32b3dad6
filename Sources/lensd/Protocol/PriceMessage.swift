/// One `TrackedPrice` in an `OVERLAYS` or `SCAN` line.
struct PriceMessage: Encodable, Equatable {
    var id: String
    /// What was read.
    var text: String
    /// Decimal string, `.` as separator.
    var amount: String
    /// ISO 4217.
    var currency: String
    /// How the currency was decided: `code`, `symbol` or `default`.
    var currencyEvidence: String
    var box: BoxMessage
    var confidence: Double
    var converted: [ConvertedMessage]
    var locked: Bool
    /// `tentative`, `confirmed` or `coasting`.
    var state: String
    /// Seconds since the price was first seen.
    var age: Double
    var unit: String?
    var quantity: Int?
}

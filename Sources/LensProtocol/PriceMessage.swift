/// One `TrackedPrice` in an `OVERLAYS` or `SCAN` line.
public struct PriceMessage: Codable, Equatable, Sendable {
    public var id: String
    /// What was read.
    public var text: String
    /// Decimal string, `.` as separator.
    public var amount: String
    /// ISO 4217.
    public var currency: String
    /// How the currency was decided: `code`, `symbol` or `default`.
    public var currencyEvidence: String
    public var box: BoxMessage
    public var confidence: Double
    public var converted: [ConvertedMessage]
    public var locked: Bool
    /// `tentative`, `confirmed` or `coasting`.
    public var state: String
    /// Seconds since the price was first seen.
    public var age: Double
    public var unit: String?
    public var quantity: Int?

    public init(id: String, text: String, amount: String, currency: String, currencyEvidence: String, box: BoxMessage, confidence: Double, converted: [ConvertedMessage], locked: Bool, state: String, age: Double, unit: String? = nil, quantity: Int? = nil) {
        self.id = id
        self.text = text
        self.amount = amount
        self.currency = currency
        self.currencyEvidence = currencyEvidence
        self.box = box
        self.confidence = confidence
        self.converted = converted
        self.locked = locked
        self.state = state
        self.age = age
        self.unit = unit
        self.quantity = quantity
    }
}

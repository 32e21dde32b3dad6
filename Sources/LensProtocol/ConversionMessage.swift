/// `CONVERSION`: the answer of `lensd convert --json`.
public struct ConversionMessage: ProtocolMessage {
    public static let className = "CONVERSION"

    public struct Result: Codable, Sendable {
        public var currency: String
        public var amount: String
        public var formatted: String
        /// Units of this currency per one unit of the input currency, 6 decimals.
        public var rate: String

        public init(currency: String, amount: String, formatted: String, rate: String) {
            self.currency = currency
            self.amount = amount
            self.formatted = formatted
            self.rate = rate
        }
    }

    /// The amount as read, with the input currency's minor units.
    public var amount: String
    public var currency: String
    public var results: [Result]
    public var rates: RatesMessage

    public init(amount: String, currency: String, results: [Result], rates: RatesMessage) {
        self.amount = amount
        self.currency = currency
        self.results = results
        self.rates = rates
    }
}

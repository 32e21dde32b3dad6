/// `CONVERSION`: the answer of `lensd convert --json`.
struct ConversionMessage: ProtocolMessage {
    static let className = "CONVERSION"

    struct Result: Encodable {
        var currency: String
        var amount: String
        var formatted: String
        /// Units of this currency per one unit of the input currency, 6 decimals.
        var rate: String
    }

    /// The amount as read, with the input currency's minor units.
    var amount: String
    var currency: String
    var results: [Result]
    var rates: RatesMessage
}

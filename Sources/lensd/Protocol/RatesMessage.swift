/// `RATES`: the exchange-rate table conversions use, with its date and freshness.
struct RatesMessage: ProtocolMessage {
    static let className = "RATES"
    var base: String
    /// Where the table came from, e.g. `ecb-bundled`.
    var source: String
    /// The rates' reference day, `YYYY-MM-DD`.
    var date: String
    var stale: Bool
    /// Seconds since the rates were published.
    var ageS: Int
    var currencies: Int
}

/// `RATES`: the exchange-rate table conversions use, with its date and freshness.
struct RatesMessage: ProtocolMessage {
    static let className = "RATES"
    var base: String
    /// Where the table came from: `ecb-bundled`, `ecb`, `exchangerate-api`, `file:PATH`.
    var source: String
    /// How lensd got it: `network`, `cache`, `expired-cache`, `file`, `bundled`.
    var origin: String
    /// The rates' reference day, `YYYY-MM-DD`.
    var date: String
    var stale: Bool
    /// Seconds since the rates were published.
    var ageS: Int
    var currencies: Int
    /// When the table was fetched (Unix seconds), for network and cached tables.
    var fetchedAt: Int?
    /// Until when the table is valid (Unix seconds), for network and cached tables.
    var validUntil: Int?
    /// Why the last refresh failed, when it did.
    var lastError: String?
}

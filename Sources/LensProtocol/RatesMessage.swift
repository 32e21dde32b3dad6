/// `RATES`: the exchange-rate table conversions use, with its date and freshness.
public struct RatesMessage: ProtocolMessage {
    public static let className = "RATES"
    public var base: String
    /// Where the table came from: `ecb-bundled`, `ecb`, `exchangerate-api`, `file:PATH`.
    public var source: String
    /// How lensd got it: `network`, `cache`, `expired-cache`, `file`, `bundled`.
    public var origin: String
    /// The rates' reference day, `YYYY-MM-DD`.
    public var date: String
    public var stale: Bool
    /// Seconds since the rates were published.
    public var ageS: Int
    public var currencies: Int
    /// When the table was fetched (Unix seconds), for network and cached tables.
    public var fetchedAt: Int?
    /// Until when the table is valid (Unix seconds), for network and cached tables.
    public var validUntil: Int?
    /// Why the last refresh failed, when it did.
    public var lastError: String?

    public init(base: String, source: String, origin: String, date: String, stale: Bool, ageS: Int, currencies: Int, fetchedAt: Int? = nil, validUntil: Int? = nil, lastError: String? = nil) {
        self.base = base
        self.source = source
        self.origin = origin
        self.date = date
        self.stale = stale
        self.ageS = ageS
        self.currencies = currencies
        self.fetchedAt = fetchedAt
        self.validUntil = validUntil
        self.lastError = lastError
    }
}

import Foundation

/// A table of exchange rates: units of each currency per one unit of `base`.
///
/// Codes are stored upper case; lookups are case-insensitive. The table always holds
/// `base` with rate 1.
///
/// ## Staleness
///
/// A table is fresh until the next table was due plus ``publicationGrace``. The next table is due
/// at `nextUpdateAt` when the source says so (ExchangeRate-API's `time_next_update_unix`);
/// otherwise at the ECB's next publication: 16:00 Frankfurt time on the next Monday–Friday after
/// `date`. So Friday's ECB rates stay fresh over the weekend until Monday 16:00 + grace, instead of
/// turning stale every Saturday as a plain 24–36 h age limit would. TARGET holidays are not modelled:
/// on those days an ECB table reads stale for the day, which is also what an outage looks like.
public struct RateTable: Sendable, Hashable {
    /// The ISO 4217 code rates are quoted against, e.g. `"EUR"`.
    public let base: String
    /// The rates' reference day, ISO 8601 `yyyy-MM-dd`, e.g. `"2026-10-30"`.
    public let date: String
    /// Units of each currency per one unit of `base`; includes `base` = 1.
    public let rates: [String: Decimal]
    /// Where the table came from: `"ecb-bundled"`, `"ecb"`, `"exchangerate-api"`, `"file:/path"`, ….
    public let sourceName: String
    /// The start of validity (ECB: 16:00 Frankfurt time on `date`).
    public let publishedAt: Date
    /// When the source announced the next table, if it did.
    public let nextUpdateAt: Date?

    /// How long past the due time of the next table this one still counts as fresh (6 h): covers a
    /// late publication and the time a cache needs to pick the new table up.
    public static let publicationGrace: TimeInterval = 6 * 3600

    /// Creates a table; `base` is added with rate 1 if `rates` lacks it. Codes are upper-cased.
    public init(
        base: String,
        date: String,
        rates: [String: Decimal],
        sourceName: String,
        publishedAt: Date,
        nextUpdateAt: Date? = nil
    ) {
        let upperBase = base.uppercased()
        var normalized: [String: Decimal] = [:]
        normalized.reserveCapacity(rates.count + 1)
        for (code, rate) in rates {
            normalized[code.uppercased()] = rate
        }
        normalized[upperBase] = 1
        self.base = upperBase
        self.date = date
        self.rates = normalized
        self.sourceName = sourceName
        self.publishedAt = publishedAt
        self.nextUpdateAt = nextUpdateAt
    }

    /// The embedded ECB snapshot of 30 October 2026 (source name `"ecb-bundled"`).
    public static func bundled() throws(RateError) -> RateTable {
        try ECBRates.parseCSV(BundledECBSnapshot.csv, sourceName: BundledECBSnapshot.sourceName)
    }

    /// Units of `to` per one unit of `from`, crossing through `base`; 1 when the codes are equal.
    public func rate(from: String, to: String) throws(ConversionError) -> Decimal {
        let (fromRate, toRate) = try rates(from: from, to: to)
        if fromRate == toRate {
            return 1
        }
        return toRate / fromRate
    }

    /// The rates of `from` and `to` against `base` (both 1 when the codes are equal).
    func rates(from: String, to: String) throws(ConversionError) -> (from: Decimal, to: Decimal) {
        let fromCode = from.uppercased()
        let toCode = to.uppercased()
        guard CurrencyCodes.isKnown(fromCode) else {
            throw .unknownCurrency(from)
        }
        guard CurrencyCodes.isKnown(toCode) else {
            throw .unknownCurrency(to)
        }
        if fromCode == toCode {
            return (1, 1)
        }
        guard let fromRate = rates[fromCode] else {
            throw .rateUnavailable(currency: fromCode, source: sourceName, date: date)
        }
        guard let toRate = rates[toCode] else {
            throw .rateUnavailable(currency: toCode, source: sourceName, date: date)
        }
        return (fromRate, toRate)
    }

    /// Seconds from `publishedAt` to `now` (negative if `now` is earlier).
    public func ageSeconds(now: Date) -> Double {
        now.timeIntervalSince(publishedAt)
    }

    /// When the table after this one is due: `nextUpdateAt`, or else the ECB's next publication
    /// (16:00 Frankfurt time on the next Monday–Friday after `publishedAt`).
    public var nextTableDueAt: Date {
        nextUpdateAt ?? ECBSchedule.nextPublication(after: publishedAt)
    }

    /// Whether the table is stale at `now`.
    ///
    /// With `maxAge` nil (the default), stale once `now` is past ``nextTableDueAt`` plus
    /// ``publicationGrace`` (see the type's documentation). With a `maxAge`, stale once
    /// ``ageSeconds(now:)`` exceeds it, whatever the publication schedule.
    public func isStale(now: Date, maxAge: TimeInterval? = nil) -> Bool {
        if let maxAge {
            return ageSeconds(now: now) > maxAge
        }
        return now > nextTableDueAt.addingTimeInterval(Self.publicationGrace)
    }
}

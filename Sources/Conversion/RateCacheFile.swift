import Foundation

/// The JSON layout of one cache file. Rates are decimal strings so that they round-trip exactly;
/// instants are seconds since 1970.
///
/// ```json
/// {"base":"EUR","date":"2026-10-30","fetchedAt":1793372700,"format":"lensd-rates-cache",
///  "nextUpdateAt":null,"publishedAt":1793372400,"rates":{"EUR":"1","USD":"1.1172",…},
///  "source":"ecb","validUntil":1793458800,"version":1}
/// ```
struct RateCacheFile: Codable {
    static let formatName = "lensd-rates-cache"
    static let currentVersion = 1

    let format: String
    let version: Int
    let source: String
    let base: String
    let date: String
    let publishedAt: Double
    let nextUpdateAt: Double?
    let fetchedAt: Double
    let validUntil: Double
    let rates: [String: String]

    init(_ entry: RateCacheEntry) {
        format = Self.formatName
        version = Self.currentVersion
        source = entry.table.sourceName
        base = entry.table.base
        date = entry.table.date
        publishedAt = entry.table.publishedAt.timeIntervalSince1970
        nextUpdateAt = entry.table.nextUpdateAt?.timeIntervalSince1970
        fetchedAt = entry.fetchedAt.timeIntervalSince1970
        validUntil = entry.validUntil.timeIntervalSince1970
        rates = entry.table.rates.mapValues { "\($0)" }
    }

    /// The entry this file describes, checked as strictly as a downloaded table.
    func entry(path: String) throws(RateError) -> RateCacheEntry {
        guard format == Self.formatName, version == Self.currentVersion else {
            throw .malformedJSON(source: path, reason: "not a version \(Self.currentVersion) \(Self.formatName) file")
        }
        guard CurrencyCodes.isKnown(base) else {
            throw .invalidCurrency(source: path, code: base, line: nil)
        }
        guard ECBDate(Substring(date)) != nil else {
            throw .invalidDate(source: path, value: date, line: nil)
        }
        guard [publishedAt, fetchedAt, validUntil].allSatisfy(\.isFinite), nextUpdateAt?.isFinite ?? true else {
            throw .malformedJSON(source: path, reason: "non-finite timestamp")
        }
        var table: [String: Decimal] = [:]
        for (code, text) in rates {
            guard CurrencyCodes.isKnown(code) else {
                throw .invalidCurrency(source: path, code: code, line: nil)
            }
            guard let rate = DecimalText.positiveRate(Substring(text)) else {
                throw .invalidRate(source: path, currency: code, value: text, line: nil)
            }
            table[code] = rate
        }
        guard table.count > 1 else {
            throw .noRates(source: path)
        }
        return RateCacheEntry(
            table: RateTable(
                base: base,
                date: date,
                rates: table,
                sourceName: source,
                publishedAt: Date(timeIntervalSince1970: publishedAt),
                nextUpdateAt: nextUpdateAt.map { Date(timeIntervalSince1970: $0) }
            ),
            fetchedAt: Date(timeIntervalSince1970: fetchedAt),
            validUntil: Date(timeIntervalSince1970: validUntil)
        )
    }
}

import Foundation

/// A table fetched from a network source, with when it was fetched and until when it is valid.
public struct RateCacheEntry: Sendable, Hashable {
    /// The fetched table.
    public let table: RateTable
    /// When it was fetched.
    public let fetchedAt: Date
    /// Until when it needs no refetch: the table's ``RateTable/nextTableDueAt`` (the API's
    /// `time_next_update_unix`, or the ECB's next publication), but at least
    /// ``minimumLifetime`` and at most ``maximumLifetime`` after `fetchedAt`.
    public let validUntil: Date

    /// The shortest validity (15 min): a source that has not yet published the table it
    /// announced is asked again no more often than this.
    public static let minimumLifetime: TimeInterval = 15 * 60
    /// The longest validity (24 h after the fetch).
    public static let maximumLifetime: TimeInterval = 24 * 3600

    /// An entry for `table` fetched at `fetchedAt`, valid as described at ``validUntil``.
    public init(table: RateTable, fetchedAt: Date) {
        let due = table.nextTableDueAt
        let earliest = fetchedAt.addingTimeInterval(Self.minimumLifetime)
        let latest = fetchedAt.addingTimeInterval(Self.maximumLifetime)
        self.init(table: table, fetchedAt: fetchedAt, validUntil: min(max(due, earliest), latest))
    }

    /// An entry with an explicit validity, as read back from the cache file.
    init(table: RateTable, fetchedAt: Date, validUntil: Date) {
        self.table = table
        self.fetchedAt = fetchedAt
        self.validUntil = validUntil
    }

    /// Whether the entry needs no refetch at `now`.
    public func isValid(now: Date) -> Bool {
        now < validUntil
    }
}

import Foundation

/// The table a ``RateService`` is using, with where it came from and its state.
public struct RateSnapshot: Sendable, Hashable {
    /// The table in use.
    public let table: RateTable
    /// The fallback step it comes from.
    public let origin: RateOrigin
    /// Whether the table was stale (``RateTable/isStale(now:maxAge:)``) when this snapshot was taken.
    public let isStale: Bool
    /// When a network table was fetched; `nil` for the file and bundled tables.
    public let fetchedAt: Date?
    /// Until when a network table needs no refetch; `nil` for the file and bundled tables.
    public let validUntil: Date?
    /// The last refresh failure since the last successful fetch, if any.
    public let lastError: RateError?

    /// Creates a snapshot.
    public init(
        table: RateTable,
        origin: RateOrigin,
        isStale: Bool,
        fetchedAt: Date?,
        validUntil: Date?,
        lastError: RateError?
    ) {
        self.table = table
        self.origin = origin
        self.isStale = isStale
        self.fetchedAt = fetchedAt
        self.validUntil = validUntil
        self.lastError = lastError
    }
}

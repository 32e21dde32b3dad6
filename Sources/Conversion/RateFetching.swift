/// Something that fetches the latest rate table for a base currency from one source.
///
/// ``HTTPRateFetcher`` is the real implementation; ``RateService`` takes any conformer so
/// that tests can substitute one.
public protocol RateFetching: Sendable {
    /// The name tables from this fetcher carry and its cache file is named after.
    var sourceName: String { get }
    /// The base the fetched table will have when `base` is asked for (ECB: always EUR).
    func tableBase(for base: String) -> String
    /// Fetches the latest table for `base`.
    func fetch(base: String) async throws(RateError) -> RateTable
}

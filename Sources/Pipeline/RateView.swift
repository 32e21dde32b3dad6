import Conversion
import Foundation

/// The rates one frame is converted with: a converter over the table in use, and its freshness.
///
/// Taken from the ``RateService`` once per frame (a lock read, never a wait), so a refreshed
/// table applies from the next frame on.
public struct RateView {
    let converter: CurrencyConverter
    let snapshot: RateSnapshot
    /// Seconds since the table was published.
    let ageSeconds: Int

    public init(snapshot: RateSnapshot, locale: Locale, now: Date) {
        self.snapshot = snapshot
        self.converter = CurrencyConverter(rates: snapshot.table, locale: locale)
        self.ageSeconds = Int(snapshot.table.ageSeconds(now: now))
    }

    var isStale: Bool { snapshot.isStale }
}

import Conversion
import Foundation

extension RatesMessage {
    /// Describes `table` as of `now`.
    init(_ table: RateTable, now: Date) {
        self.init(
            base: table.base, source: table.sourceName, date: table.date,
            stale: table.isStale(now: now), ageS: Int(table.ageSeconds(now: now)), currencies: table.rates.count)
    }
}

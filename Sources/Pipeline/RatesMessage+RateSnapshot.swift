import Conversion
import Foundation
import LensProtocol

extension RatesMessage {
    /// Describes the table a rate service uses, as of `now`.
    public init(_ snapshot: RateSnapshot, now: Date) {
        let table = snapshot.table
        self.init(
            base: table.base, source: table.sourceName, origin: snapshot.origin.rawValue, date: table.date,
            stale: snapshot.isStale, ageS: Int(table.ageSeconds(now: now)), currencies: table.rates.count,
            fetchedAt: snapshot.fetchedAt.map { Int($0.timeIntervalSince1970) },
            validUntil: snapshot.validUntil.map { Int($0.timeIntervalSince1970) },
            lastError: snapshot.lastError?.description)
    }
}

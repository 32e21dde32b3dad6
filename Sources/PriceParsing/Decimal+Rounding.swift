import Foundation

extension Decimal {
    /// The value rounded to `places` decimal places (`.plain`: half away from zero).
    public func rounded(toPlaces places: Int, _ mode: NSDecimalNumber.RoundingMode = .plain) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, places, mode)
        return result
    }
}

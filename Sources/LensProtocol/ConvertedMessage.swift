/// One conversion of a price into a target currency.
public struct ConvertedMessage: Codable, Equatable, Sendable {
    public var currency: String
    /// Decimal string with the target currency's minor-unit digits, `.` as separator.
    public var amount: String
    /// Localised with the currency's symbol, e.g. `€11.63`.
    public var formatted: String
    /// Present (`true`) only when the rates used are stale.
    public var stale: Bool?
    /// Age of the stale rates in seconds; present with `stale`.
    public var ageS: Int?

    public init(currency: String, amount: String, formatted: String, stale: Bool? = nil, ageS: Int? = nil) {
        self.currency = currency
        self.amount = amount
        self.formatted = formatted
        self.stale = stale
        self.ageS = ageS
    }
}

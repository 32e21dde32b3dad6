/// One conversion of a price into a target currency.
struct ConvertedMessage: Encodable, Equatable {
    var currency: String
    /// Decimal string with the target currency's minor-unit digits, `.` as separator.
    var amount: String
    /// Localised with the currency's symbol, e.g. `€11.63`.
    var formatted: String
    /// Present (`true`) only when the rates used are stale.
    var stale: Bool?
    /// Age of the stale rates in seconds; present with `stale`.
    var ageS: Int?
}

import Foundation

/// An amount converted into a currency, rounded to that currency's minor units.
public struct ConvertedAmount: Sendable, Hashable {
    /// The ISO 4217 code of `amount`, upper case.
    public let currency: String
    /// The amount, rounded half-even to the currency's minor units.
    public let amount: Decimal
    /// The amount with currency symbol as the converter's locale writes it, e.g. `"€11.63"`
    /// (en_US) or `"11,63 €"` (de_DE).
    public let formatted: String

    /// Creates a converted amount; `amount` is expected to be rounded already.
    public init(currency: String, amount: Decimal, formatted: String) {
        self.currency = currency
        self.amount = amount
        self.formatted = formatted
    }

    /// The amount with exactly the currency's minor-unit digits, `.` as decimal separator and
    /// no grouping, e.g. `"11.63"`; see ``CurrencyCodes/plainString(_:currency:)``.
    public var plainAmount: String {
        CurrencyCodes.plainString(amount, currency: currency)
    }
}

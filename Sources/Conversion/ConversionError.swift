/// An error converting an amount between two currencies.
///
/// Every case names the currency code that caused it, so the message can be shown as is.
public enum ConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The code is not an ISO 4217 currency code known to Foundation.
    case unknownCurrency(String)
    /// The code is a valid ISO 4217 currency, but the rate table has no rate for it.
    case rateUnavailable(currency: String, source: String, date: String)
    /// The computation overflowed `Decimal`'s range or precision.
    case arithmeticOverflow(amount: String, from: String, to: String)

    public var description: String {
        switch self {
        case .unknownCurrency(let code):
            return "unknown currency code '\(code)' (not an ISO 4217 code)"
        case .rateUnavailable(let currency, let source, let date):
            return "no exchange rate for \(currency) in rate table '\(source)' of \(date)"
        case .arithmeticOverflow(let amount, let from, let to):
            return "converting \(amount) \(from) to \(to) overflowed decimal arithmetic"
        }
    }
}

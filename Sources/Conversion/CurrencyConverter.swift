import Foundation

/// Converts amounts between currencies with one ``RateTable`` and formats them for one locale.
///
/// Conversion is exact `Decimal` arithmetic (`amount × rate(to) ÷ rate(from)`, 38 significant
/// digits) followed by one half-even (banker's) rounding to the target currency's minor units,
/// so no intermediate rounding leaks into the result. The value is a cheap, immutable `Sendable`
/// value: make a new one when the rates or the locale change.
public struct CurrencyConverter: Sendable {
    /// The rates conversions use.
    public let rates: RateTable
    /// The locale `ConvertedAmount.formatted` is written in.
    public let locale: Locale

    /// Creates a converter using `rates`, formatting for `locale`.
    public init(rates: RateTable, locale: Locale) {
        self.rates = rates
        self.locale = locale
    }

    /// Converts `amount` of `from` into `to`, rounded half-even to `to`'s minor units.
    ///
    /// - Throws: ``ConversionError/unknownCurrency(_:)`` for a code that is not ISO 4217,
    ///   ``ConversionError/rateUnavailable(currency:source:date:)`` when the table lacks it.
    public func convert(_ amount: Decimal, from: String, to: String) throws(ConversionError) -> ConvertedAmount {
        let (fromRate, toRate) = try rates.rates(from: from, to: to)
        let target = to.uppercased()
        let digits = CurrencyCodes.minorUnits(of: target) ?? 2
        let exact = fromRate == toRate ? amount : amount * toRate / fromRate
        guard !exact.isNaN else {
            throw .arithmeticOverflow(amount: "\(amount)", from: from.uppercased(), to: target)
        }
        let rounded = CurrencyCodes.rounded(exact, toMinorUnits: digits)
        return ConvertedAmount(currency: target, amount: rounded, formatted: format(rounded, currency: target))
    }

    /// `amount` with the currency's symbol in this converter's locale.
    public func format(_ amount: Decimal, currency: String) -> String {
        amount.formatted(Decimal.FormatStyle.Currency(code: currency.uppercased(), locale: locale))
    }
}

import Conversion
import Foundation
import LensProtocol

/// The conversions of the prices on screen, kept while the rate table and the locale stay the
/// same, so that a tracked price is converted once rather than on every frame it is shown.
///
/// Converting an amount (`Decimal` arithmetic, then ICU formatting of the result) allocated
/// about 40 times per target: on a handheld replay, 220 allocations a frame on the frame thread.
/// Not thread-safe: one ``PricePresenter`` owns it, and the frame thread alone uses that.
final class ConversionCache {
    /// What a conversion depends on besides the rate table and the locale.
    private struct Key: Hashable {
        var amount: Decimal
        var from: String
        var to: String
    }

    /// How an amount is written in its own currency (`PriceMessage.amount`).
    private struct PlainKey: Hashable {
        var amount: Decimal
        var currency: String
    }

    /// Entries kept at most; past that the cache starts again (a long run reads ever new prices).
    static let capacity = 2048

    private var rates: RateTable?
    private var locale: Locale?
    private var conversions: [Key: Result<ConvertedMessage, ConversionError>] = [:]
    private var plainAmounts: [PlainKey: String] = [:]

    /// `amount` in `from` converted to `to` with `converter`, as the protocol shows it (the
    /// message's `stale` and `age_s` left unset), or why it cannot be converted.
    func conversion(of amount: Decimal, from: String, to: String, with converter: CurrencyConverter)
        -> Result<ConvertedMessage, ConversionError>
    {
        if converter.rates != rates || converter.locale != locale {
            conversions.removeAll(keepingCapacity: true)
            rates = converter.rates
            locale = converter.locale
        }
        let key = Key(amount: amount, from: from, to: to)
        if let known = conversions[key] { return known }
        let result = Result { () throws(ConversionError) -> ConvertedMessage in
            let converted = try converter.convert(amount, from: from, to: to)
            return ConvertedMessage(currency: converted.currency, amount: converted.plainAmount, formatted: converted.formatted)
        }
        if conversions.count >= Self.capacity { conversions.removeAll(keepingCapacity: true) }
        conversions[key] = result
        return result
    }

    /// `amount` written as the protocol writes an amount in `currency` (``CurrencyCodes/plainString(_:currency:)``).
    func plainString(_ amount: Decimal, currency: String) -> String {
        let key = PlainKey(amount: amount, currency: currency)
        if let known = plainAmounts[key] { return known }
        let text = CurrencyCodes.plainString(amount, currency: currency)
        if plainAmounts.count >= Self.capacity { plainAmounts.removeAll(keepingCapacity: true) }
        plainAmounts[key] = text
        return text
    }
}

/// A `currency` command: any subset of the source currency, the targets and currency auto-detection.
public struct CurrencyChange: Sendable, Equatable {
    /// ISO 4217 code for unmarked amounts (and ambiguous symbols).
    var source: String?
    /// Currencies to convert into, in order.
    var targets: [String]?
    /// Whether printed symbols and codes decide a price's currency (`true`, the default) or every
    /// price is read in the source currency (`false`).
    var autoDetect: Bool?
}

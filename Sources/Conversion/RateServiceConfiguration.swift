import Foundation

/// Settings of a ``RateService``.
public struct RateServiceConfiguration: Sendable {
    /// The base currency asked of the network source (ECB sources are always EUR). Default `"EUR"`.
    public var base: String
    /// The `--rates FILE` path, if any (ECB CSV, ECB XML or ExchangeRate-API JSON).
    public var ratesFile: String?
    /// The on-disk cache, or `nil` for none. Default: ``RateCache/defaultDirectory(environment:)``.
    public var cache: RateCache?
    /// How long before a network table's `validUntil` the background refresh starts (60 s).
    public var refreshLead: TimeInterval
    /// How long to wait after a failed refresh before the background loop tries again (5 min).
    public var retryInterval: TimeInterval
    /// The longest the background loop sleeps before re-checking, which bounds the effect of
    /// wall-clock jumps such as suspend/resume (15 min).
    public var maximumSleep: TimeInterval

    /// Creates a configuration.
    public init(
        base: String = "EUR",
        ratesFile: String? = nil,
        cache: RateCache? = RateCache(directory: RateCache.defaultDirectory()),
        refreshLead: TimeInterval = 60,
        retryInterval: TimeInterval = 300,
        maximumSleep: TimeInterval = 900
    ) {
        self.base = base
        self.ratesFile = ratesFile
        self.cache = cache
        self.refreshLead = refreshLead
        self.retryInterval = retryInterval
        self.maximumSleep = maximumSleep
    }
}

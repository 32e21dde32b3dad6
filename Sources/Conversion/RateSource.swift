import Foundation

/// A network source of exchange rates.
public enum RateSource: Sendable, Hashable {
    /// ExchangeRate-API v6 at `baseURL`: keyed `/v6/{key}/latest/{BASE}` when `apiKey` is set,
    /// the open `/v6/latest/{BASE}` otherwise.
    case exchangeRateAPI(baseURL: URL, apiKey: String?)
    /// An ECB reference-rate document at `url` (daily XML or CSV; the format is detected).
    /// Always EUR-based, whatever base is asked for.
    case ecb(url: URL)

    /// The ECB's daily reference-rate XML.
    public static let ecbDailyURL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"

    /// The source the environment selects: ExchangeRate-API with the key in
    /// `EXCHANGERATE_API_KEY` when it is set and not empty, otherwise the ECB daily XML.
    ///
    /// - Parameters:
    ///   - environment: The process environment, by default this process's.
    ///   - exchangeRateAPIBaseURL: Overrides ``ExchangeRateAPI/defaultBaseURL``.
    ///   - ecbURL: Overrides ``ecbDailyURL``.
    /// - Throws: ``RateError/invalidConfiguration(_:)`` for a URL that does not parse.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        exchangeRateAPIBaseURL: String? = nil,
        ecbURL: String? = nil
    ) throws(RateError) -> RateSource {
        if let key = environment[ExchangeRateAPI.apiKeyVariable], !key.isEmpty {
            return .exchangeRateAPI(
                baseURL: try parseURL(exchangeRateAPIBaseURL ?? ExchangeRateAPI.defaultBaseURL),
                apiKey: key
            )
        }
        return .ecb(url: try parseURL(ecbURL ?? ecbDailyURL))
    }

    /// The name tables from this source carry, and the cache file is named after:
    /// `"exchangerate-api"` or `"ecb"`.
    public var sourceName: String {
        switch self {
        case .exchangeRateAPI:
            return ExchangeRateAPI.sourceName
        case .ecb:
            return "ecb"
        }
    }

    /// The base currency this source's tables will have when `base` is asked for.
    public func tableBase(for base: String) -> String {
        switch self {
        case .exchangeRateAPI:
            return base.uppercased()
        case .ecb:
            return "EUR"
        }
    }

    /// The URL to fetch the latest table for `base` from.
    func requestURL(base: String) -> URL {
        switch self {
        case .exchangeRateAPI(let baseURL, let apiKey):
            return ExchangeRateAPI.latestURL(baseURL: baseURL, apiKey: apiKey, base: base)
        case .ecb(let url):
            return url
        }
    }

    /// `text` as an absolute http(s) URL.
    static func parseURL(_ text: String) throws(RateError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw .invalidConfiguration("'\(text)' is not an http(s) URL")
        }
        return url
    }
}

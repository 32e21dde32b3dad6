import ArgumentParser
import Conversion
import Foundation

/// Where exchange rates come from.
///
/// lensd makes no network request unless asked to: with `--rates-source auto` (the default) it
/// fetches from ExchangeRate-API only when `EXCHANGERATE_API_KEY` is set, and otherwise converts
/// with the cache, a `--rates` file or the ECB snapshot built into it.
struct RateOptions: ParsableArguments {
    enum SourceChoice: String, ExpressibleByArgument, CaseIterable {
        /// ExchangeRate-API when `EXCHANGERATE_API_KEY` is set, else offline.
        case auto
        /// The ECB's daily reference rates (XML) over HTTPS.
        case ecb
        /// ExchangeRate-API v6 (keyed with `EXCHANGERATE_API_KEY`, else the open endpoint).
        case exchangerateAPI = "exchangerate-api"
        /// No network: cache, `--rates` file, bundled snapshot.
        case offline
    }

    @Option(help: ArgumentHelp("Rates file (ECB CSV or XML, ExchangeRate-API JSON) used when the network has nothing fresher.", valueName: "file"))
    var rates: String?

    @Option(help: "Rate source: auto (ExchangeRate-API if EXCHANGERATE_API_KEY is set, else offline), ecb, exchangerate-api, offline.")
    var ratesSource: SourceChoice = .auto

    @Option(help: ArgumentHelp("Fetch rates from this URL instead (ECB document URL, or ExchangeRate-API base URL), e.g. a mirror.", valueName: "url"))
    var ratesURL: String?

    /// The network source chosen, or `nil` to stay offline.
    func networkSource(environment: [String: String] = ProcessInfo.processInfo.environment) throws(RateError) -> RateSource? {
        let keySet = !(environment[ExchangeRateAPI.apiKeyVariable] ?? "").isEmpty
        switch ratesSource {
        case .offline:
            return nil
        case .auto:
            return keySet ? try RateSource.fromEnvironment(environment, exchangeRateAPIBaseURL: ratesURL) : nil
        case .ecb:
            return try RateSource.fromEnvironment([:], ecbURL: ratesURL)
        case .exchangerateAPI:
            guard let url = URL(string: ratesURL ?? ExchangeRateAPI.defaultBaseURL), url.scheme != nil else {
                throw .invalidConfiguration("--rates-url '\(ratesURL ?? "")' is not a URL")
            }
            return .exchangeRateAPI(baseURL: url, apiKey: environment[ExchangeRateAPI.apiKeyVariable].flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    /// A rate service over the chosen sources, with its table in `base`; it does not touch the
    /// network until started or refreshed. The cache lives under `$XDG_CACHE_HOME/lensd/`.
    func makeService(base: String) throws(RateError) -> RateService {
        let source = try networkSource()
        let configuration = RateServiceConfiguration(base: base, ratesFile: rates)
        return try RateService(configuration: configuration, fetcher: source.map { HTTPRateFetcher(source: $0) })
    }
}

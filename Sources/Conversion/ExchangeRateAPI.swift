import Foundation

/// Reader and URLs for ExchangeRate-API v6 (`https://www.exchangerate-api.com/docs/standard-requests`).
///
/// The keyed endpoint is `GET {baseURL}/v6/{key}/latest/{BASE}` and answers
/// `conversion_rates`; the open endpoint (`https://open.er-api.com`) is
/// `GET {baseURL}/v6/latest/{BASE}` and answers `rates`. Both carry `result`, `base_code`,
/// `time_last_update_unix` and `time_next_update_unix`; failures answer
/// `"result": "error"` with an `error-type` such as `invalid-key` or `unsupported-code`.
public enum ExchangeRateAPI {
    /// The name tables from this API carry as `sourceName`.
    public static let sourceName = "exchangerate-api"
    /// The keyed endpoint's host.
    public static let defaultBaseURL = "https://v6.exchangerate-api.com"
    /// The open (keyless, attribution-required) endpoint's host.
    public static let openBaseURL = "https://open.er-api.com"
    /// The environment variable the API key is read from.
    public static let apiKeyVariable = "EXCHANGERATE_API_KEY"

    /// The `latest` URL for `base`: keyed when `apiKey` is given, open otherwise.
    ///
    /// The key and base are percent-encoded as path segments.
    public static func latestURL(baseURL: URL, apiKey: String?, base: String) -> URL {
        var url = baseURL.appendingPathComponent("v6")
        if let apiKey {
            url = url.appendingPathComponent(apiKey)
        }
        return url.appendingPathComponent("latest").appendingPathComponent(base.uppercased())
    }

    /// Parses a `latest` answer into a table with `publishedAt` = `time_last_update_unix`,
    /// `nextUpdateAt` = `time_next_update_unix` and `date` = the UTC day of the last update.
    ///
    /// Codes that are not ISO 4217 (the API also quotes e.g. `FOK`, `GGP`, `KID`) are skipped.
    ///
    /// - Throws: ``RateError/apiError(source:errorType:)`` for an error answer,
    ///   ``RateError/malformedJSON(source:reason:)`` when the body is not such an answer,
    ///   ``RateError/invalidRate(source:currency:value:line:)`` for a zero or negative rate.
    public static func parseJSON(_ data: Data, sourceName: String) throws(RateError) -> RateTable {
        let response: ExchangeRateAPIResponse
        do {
            response = try JSONDecoder().decode(ExchangeRateAPIResponse.self, from: data)
        } catch {
            throw .malformedJSON(source: sourceName, reason: Self.describe(error))
        }
        if response.result == "error" {
            throw .apiError(source: sourceName, errorType: response.errorType ?? "unknown")
        }
        guard response.result == "success" else {
            throw .malformedJSON(
                source: sourceName, reason: "'result' is \(response.result.map { "'\($0)'" } ?? "missing")")
        }
        guard let baseCode = response.baseCode?.uppercased(), CurrencyCodes.isKnown(baseCode) else {
            throw .malformedJSON(source: sourceName, reason: "missing or invalid 'base_code'")
        }
        guard let quoted = response.conversionRates ?? response.rates else {
            throw .malformedJSON(source: sourceName, reason: "missing 'conversion_rates' or 'rates'")
        }
        guard let lastUpdate = response.timeLastUpdateUnix else {
            throw .malformedJSON(source: sourceName, reason: "missing 'time_last_update_unix'")
        }
        var rates: [String: Decimal] = [:]
        for (code, rate) in quoted {
            let upper = code.uppercased()
            guard CurrencyCodes.isKnown(upper) else {
                continue
            }
            guard !rate.isNaN, rate > 0 else {
                throw .invalidRate(source: sourceName, currency: upper, value: "\(rate)", line: nil)
            }
            rates[upper] = rate
        }
        guard !rates.isEmpty else {
            throw .noRates(source: sourceName)
        }
        let publishedAt = Date(timeIntervalSince1970: TimeInterval(lastUpdate))
        return RateTable(
            base: baseCode,
            date: utcDay(of: publishedAt),
            rates: rates,
            sourceName: sourceName,
            publishedAt: publishedAt,
            nextUpdateAt: response.timeNextUpdateUnix.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        )
    }

    /// The ISO `yyyy-MM-dd` UTC day of `date`.
    static func utcDay(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func padded(_ value: Int?, _ width: Int) -> String {
            let digits = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))"
    }

    /// A short description of a decoding error, with the coding path.
    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else {
            return "\(error)"
        }
        switch decoding {
        case .dataCorrupted(let context):
            return context.debugDescription
        case .keyNotFound(let key, let context):
            return "missing '\(key.stringValue)' at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return "\(decoding)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map(\.stringValue)
        return keys.isEmpty ? "top level" : keys.joined(separator: ".")
    }
}

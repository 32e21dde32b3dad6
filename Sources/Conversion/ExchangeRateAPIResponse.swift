import Foundation

/// The JSON body of an ExchangeRate-API v6 `latest` answer, in the keyed
/// (`conversion_rates`) or open (`rates`) variant, or an error answer.
///
/// Rates decode straight from the JSON number text into `Decimal`, never through `Double`.
struct ExchangeRateAPIResponse: Decodable {
    let result: String?
    let errorType: String?
    let baseCode: String?
    let conversionRates: [String: Decimal]?
    let rates: [String: Decimal]?
    let timeLastUpdateUnix: Int64?
    let timeNextUpdateUnix: Int64?

    enum CodingKeys: String, CodingKey {
        case result
        case errorType = "error-type"
        case baseCode = "base_code"
        case conversionRates = "conversion_rates"
        case rates
        case timeLastUpdateUnix = "time_last_update_unix"
        case timeNextUpdateUnix = "time_next_update_unix"
    }
}

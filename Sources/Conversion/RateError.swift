/// An error obtaining or reading an exchange-rate table.
///
/// Parse errors carry the source name and, where the format has them, the line and field
/// (or column) at fault, so a bad `--rates` file can be fixed from the message alone.
public enum RateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A CSV document is malformed at `line` (1-based); `field` is the 1-based field, when known.
    case malformedCSV(source: String, line: Int, field: Int?, reason: String)
    /// An XML document is malformed or lacks the ECB layout at `line`/`column` (1-based).
    case malformedXML(source: String, line: Int, column: Int, reason: String)
    /// A JSON document is malformed or lacks the fields an ExchangeRate-API answer has.
    case malformedJSON(source: String, reason: String)
    /// A rate value is not a positive plain decimal number.
    case invalidRate(source: String, currency: String, value: String, line: Int?)
    /// A currency code in the document is not an ISO 4217 code.
    case invalidCurrency(source: String, code: String, line: Int?)
    /// The reference date cannot be read.
    case invalidDate(source: String, value: String, line: Int?)
    /// The document is well formed but holds no rates.
    case noRates(source: String)
    /// The document is in none of the supported formats (ECB CSV, ECB XML, ExchangeRate-API JSON).
    case unknownFormat(source: String)
    /// ExchangeRate-API answered `"result": "error"` with this `error-type`.
    case apiError(source: String, errorType: String)
    /// The server answered with a non-success HTTP status.
    case httpStatus(source: String, status: Int)
    /// The request did not complete within `seconds`.
    case timeout(source: String, seconds: Double)
    /// The request failed at the transport level (connection refused, reset, DNS, …).
    case network(source: String, reason: String)
    /// Reading or writing a local file failed.
    case fileSystem(path: String, reason: String)
    /// A setting (URL, base currency, …) is invalid.
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .malformedCSV(let source, let line, let field, let reason):
            let at = field.map { "line \(line), field \($0)" } ?? "line \(line)"
            return "\(source): malformed CSV at \(at): \(reason)"
        case .malformedXML(let source, let line, let column, let reason):
            return "\(source): malformed XML at line \(line), column \(column): \(reason)"
        case .malformedJSON(let source, let reason):
            return "\(source): malformed JSON: \(reason)"
        case .invalidRate(let source, let currency, let value, let line):
            return "\(source)\(Self.lineSuffix(line)): invalid rate '\(value)' for \(currency)"
        case .invalidCurrency(let source, let code, let line):
            return "\(source)\(Self.lineSuffix(line)): '\(code)' is not an ISO 4217 currency code"
        case .invalidDate(let source, let value, let line):
            return "\(source)\(Self.lineSuffix(line)): invalid reference date '\(value)'"
        case .noRates(let source):
            return "\(source): no exchange rates found"
        case .unknownFormat(let source):
            return "\(source): not an ECB CSV, ECB XML or ExchangeRate-API JSON document"
        case .apiError(let source, let errorType):
            return "\(source): API error '\(errorType)'"
        case .httpStatus(let source, let status):
            return "\(source): HTTP status \(status)"
        case .timeout(let source, let seconds):
            return "\(source): no complete answer within \(seconds) s"
        case .network(let source, let reason):
            return "\(source): network error: \(reason)"
        case .fileSystem(let path, let reason):
            return "\(path): \(reason)"
        case .invalidConfiguration(let reason):
            return "invalid rate configuration: \(reason)"
        }
    }

    private static func lineSuffix(_ line: Int?) -> String {
        line.map { ":\($0)" } ?? ""
    }
}

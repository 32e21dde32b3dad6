import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches rate tables over HTTP with Foundation's `URLSession`.
///
/// Each request has a whole-request timeout (`timeoutIntervalForResource`) and the same idle
/// timeout; caching and cookies are off. Answers larger than ``maximumBodySize`` are rejected.
/// Error messages never include the request URL, which holds the API key.
public struct HTTPRateFetcher: RateFetching {
    /// The largest answer accepted (1 MiB; a full ExchangeRate-API answer is about 4 KiB).
    public static let maximumBodySize = 1 << 20

    /// Where rates come from.
    public let source: RateSource
    /// Seconds a request may take from start to the end of the body.
    public let timeout: TimeInterval
    private let session: URLSession

    /// Creates a fetcher for `source` whose requests give up after `timeout` seconds.
    public init(source: RateSource, timeout: TimeInterval = 10) {
        self.source = source
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = 1
        self.session = URLSession(configuration: configuration)
    }

    public var sourceName: String {
        source.sourceName
    }

    public func tableBase(for base: String) -> String {
        source.tableBase(for: base)
    }

    /// Fetches and parses the latest table for `base`.
    ///
    /// - Throws: ``RateError/timeout(source:seconds:)``, ``RateError/network(source:reason:)``,
    ///   ``RateError/httpStatus(source:status:)``, ``RateError/apiError(source:errorType:)`` or
    ///   the parse error of a garbled or truncated body.
    public func fetch(base: String) async throws(RateError) -> RateTable {
        var request = URLRequest(url: source.requestURL(base: base))
        request.timeoutInterval = timeout
        request.setValue("application/json, application/xml, text/csv;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            throw describe(error)
        } catch {
            throw .network(source: sourceName, reason: "\(type(of: error))")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        guard data.count <= Self.maximumBodySize else {
            throw .network(source: sourceName, reason: "answer larger than \(Self.maximumBodySize) bytes")
        }
        let parsed = Result { () throws(RateError) -> RateTable in
            try RateDocument.parse(data, sourceName: sourceName)
        }
        switch parsed {
        case .success(let table) where (200..<300).contains(status):
            return table
        case .failure(let error):
            if case .apiError = error {
                throw error
            }
            guard (200..<300).contains(status) else {
                throw .httpStatus(source: sourceName, status: status)
            }
            throw error
        case .success:
            throw .httpStatus(source: sourceName, status: status)
        }
    }

    /// A `RateError` for a transport failure, without the URL.
    private func describe(_ error: URLError) -> RateError {
        switch error.code {
        case .timedOut:
            return .timeout(source: sourceName, seconds: timeout)
        case .cannotConnectToHost:
            return .network(source: sourceName, reason: "connection refused")
        case .cannotFindHost, .dnsLookupFailed:
            return .network(source: sourceName, reason: "host not found")
        case .notConnectedToInternet:
            return .network(source: sourceName, reason: "not connected")
        case .networkConnectionLost:
            return .network(source: sourceName, reason: "connection lost before the answer was complete")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .network(source: sourceName, reason: "TLS failure (URLError \(error.code.rawValue))")
        default:
            return .network(source: sourceName, reason: "URLError \(error.code.rawValue)")
        }
    }
}

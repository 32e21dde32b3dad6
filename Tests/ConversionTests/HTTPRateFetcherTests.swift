import Foundation
import Testing

@testable import Conversion

@Suite("HTTP rate fetching against a real local server")
struct HTTPRateFetcherTests {
    /// Runs `body` with a server giving every request `answer`, then shuts the server down.
    func withServer(
        answering answer: TestAnswer,
        _ body: (TestHTTPServer) async throws -> Void
    ) async throws {
        let server = try await TestHTTPServer(route: { _ in answer })
        do {
            try await body(server)
        } catch {
            try await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }

    @Test("a keyed v6 request asks /v6/{key}/latest/{BASE} and parses the answer")
    func keyedRequest() async throws {
        try await withServer(answering: .body(TestFixtures.exchangeRateAPI())) { server in
            let fetcher = HTTPRateFetcher(
                source: .exchangeRateAPI(baseURL: server.baseURL, apiKey: "s3cret"), timeout: 5)
            let table = try await fetcher.fetch(base: "usd")
            #expect(server.requestedPaths == ["/v6/s3cret/latest/USD"])
            #expect(table.sourceName == "exchangerate-api")
            #expect(table.rates["EUR"] == decimal("0.8951"))
        }
    }

    @Test("an open v6 request asks /v6/latest/{BASE}")
    func openRequest() async throws {
        try await withServer(answering: .body(TestFixtures.exchangeRateAPIOpen)) { server in
            let fetcher = HTTPRateFetcher(source: .exchangeRateAPI(baseURL: server.baseURL, apiKey: nil), timeout: 5)
            let table = try await fetcher.fetch(base: "EUR")
            #expect(server.requestedPaths == ["/v6/latest/EUR"])
            #expect(table.rates["CHF"] == decimal("0.9194"))
        }
    }

    @Test("ECB XML and CSV documents are fetched and detected", arguments: [true, false])
    func ecbDocuments(xml: Bool) async throws {
        let document = xml ? TestFixtures.ecbXML() : TestFixtures.ecbCSV
        try await withServer(answering: .body(document)) { server in
            let url = server.baseURL.appendingPathComponent("stats/eurofxref/eurofxref-daily.xml")
            let fetcher = HTTPRateFetcher(source: .ecb(url: url), timeout: 5)
            let table = try await fetcher.fetch(base: "USD")
            #expect(table.base == "EUR")
            #expect(table.sourceName == "ecb")
            #expect(fetcher.tableBase(for: "USD") == "EUR")
            #expect(server.requestedPaths == ["/stats/eurofxref/eurofxref-daily.xml"])
        }
    }

    @Test("an API error answer throws apiError, with or without an error status", arguments: [200, 403])
    func apiErrors(status: Int) async throws {
        let answer = TestAnswer.body(status: status, TestFixtures.exchangeRateAPIError("invalid-key"))
        try await withServer(answering: answer) { server in
            let fetcher = HTTPRateFetcher(source: .exchangeRateAPI(baseURL: server.baseURL, apiKey: "bad"), timeout: 5)
            await #expect(throws: RateError.apiError(source: "exchangerate-api", errorType: "invalid-key")) {
                try await fetcher.fetch(base: "USD")
            }
        }
    }

    @Test("an error status with a non-rate body throws httpStatus")
    func errorStatus() async throws {
        try await withServer(answering: .body(status: 503, "<html>busy</html>")) { server in
            let fetcher = HTTPRateFetcher(source: .ecb(url: server.baseURL), timeout: 5)
            await #expect(throws: RateError.httpStatus(source: "ecb", status: 503)) {
                try await fetcher.fetch(base: "EUR")
            }
        }
    }

    @Test("a valid table with an error status still throws httpStatus")
    func validBodyErrorStatus() async throws {
        try await withServer(answering: .body(status: 500, TestFixtures.ecbXML())) { server in
            let fetcher = HTTPRateFetcher(source: .ecb(url: server.baseURL), timeout: 5)
            await #expect(throws: RateError.httpStatus(source: "ecb", status: 500)) {
                try await fetcher.fetch(base: "EUR")
            }
        }
    }

    @Test("garbage with status 200 throws the parse error")
    func garbage() async throws {
        try await withServer(answering: .body("\u{1}\u{2}garbage")) { server in
            let fetcher = HTTPRateFetcher(source: .ecb(url: server.baseURL), timeout: 5)
            await #expect(throws: RateError.unknownFormat(source: "ecb")) {
                try await fetcher.fetch(base: "EUR")
            }
        }
    }

    @Test("a slow answer times out with the configured timeout")
    func slowAnswerTimesOut() async throws {
        try await withServer(answering: .slow(seconds: 5, TestFixtures.ecbXML())) { server in
            let fetcher = HTTPRateFetcher(source: .ecb(url: server.baseURL), timeout: 0.5)
            await #expect(throws: RateError.timeout(source: "ecb", seconds: 0.5)) {
                try await fetcher.fetch(base: "EUR")
            }
        }
    }

    @Test("a truncated body is a network error, never a partial table")
    func truncatedBody() async throws {
        let json = TestFixtures.exchangeRateAPI()
        try await withServer(answering: .truncated(json, sentBytes: json.utf8.count / 2)) { server in
            let fetcher = HTTPRateFetcher(source: .exchangeRateAPI(baseURL: server.baseURL, apiKey: "k"), timeout: 5)
            await #expect {
                try await fetcher.fetch(base: "USD")
            } throws: { error in
                guard let error = error as? RateError, case .network = error else {
                    return false
                }
                return true
            }
        }
    }

    @Test("a connection closed without an answer is a network error")
    func hangUp() async throws {
        try await withServer(answering: .hangUp) { server in
            let fetcher = HTTPRateFetcher(source: .ecb(url: server.baseURL), timeout: 5)
            await #expect {
                try await fetcher.fetch(base: "EUR")
            } throws: { error in
                guard let error = error as? RateError, case .network = error else {
                    return false
                }
                return true
            }
        }
    }

    @Test("a refused connection is a network error that does not reveal the API key")
    func refusedConnectionHidesKey() async throws {
        let server = try await TestHTTPServer(route: { _ in .hangUp })
        let url = server.baseURL
        try await server.shutdown()
        let fetcher = HTTPRateFetcher(source: .exchangeRateAPI(baseURL: url, apiKey: "s3cret"), timeout: 5)
        do {
            _ = try await fetcher.fetch(base: "USD")
            Issue.record("expected an error")
        } catch {
            guard case .network = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(!error.description.contains("s3cret"))
        }
    }
}

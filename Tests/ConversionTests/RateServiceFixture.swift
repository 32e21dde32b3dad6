import Foundation

@testable import Conversion

/// A server answering `answer`, a cache directory, and the ECB fetcher for the server.
struct RateServiceFixture {
    let server: TestHTTPServer
    let answer: SwitchableAnswer
    let directory: URL
    let cache: RateCache
    /// The ECB fetcher for the server, counting the service's fetches.
    let fetcher: CountingRateFetcher

    private static func make(_ answer: TestAnswer = .body(TestFixtures.ecbXML(day: "2026-11-02"))) async throws
        -> RateServiceFixture
    {
        let switchable = SwitchableAnswer(answer)
        let server = try await TestHTTPServer(route: switchable.route)
        let directory = try makeTemporaryDirectory()
        return RateServiceFixture(
            server: server,
            answer: switchable,
            directory: directory,
            cache: RateCache(directory: directory.appendingPathComponent("lensd")),
            fetcher: CountingRateFetcher(
                HTTPRateFetcher(source: .ecb(url: server.baseURL.appendingPathComponent("daily.xml")), timeout: 5))
        )
    }

    func service(clock: ManualClock, ratesFile: String? = nil, cache: Bool = true) throws -> RateService {
        try RateService(
            configuration: RateServiceConfiguration(base: "EUR", ratesFile: ratesFile, cache: cache ? self.cache : nil),
            fetcher: fetcher,
            clock: clock
        )
    }

    /// A table of `day` as the ECB would publish it, stored in the cache as fetched at `fetchedAt`.
    func storeCachedTable(day: String, usd: String, fetchedAt: Date) throws {
        let table = try ECBRates.parseXML(Data(TestFixtures.ecbXML(day: day, usd: usd).utf8), sourceName: "ecb")
        try cache.store(RateCacheEntry(table: table, fetchedAt: fetchedAt))
    }

    func writeRatesFile(day: String, usd: String) throws -> String {
        let path = directory.appendingPathComponent("rates-\(day).xml").path
        try Data(TestFixtures.ecbXML(day: day, usd: usd).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `body` with a fresh fixture serving `answer`, then stops the server and removes
    /// the directory, whether `body` throws or not.
    static func with(
        _ answer: TestAnswer = .body(TestFixtures.ecbXML(day: "2026-11-02")),
        _ body: (RateServiceFixture) async throws -> Void
    ) async throws {
        let fixture = try await make(answer)
        let outcome: Result<Void, any Error>
        do {
            try await body(fixture)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try await fixture.server.shutdown()
        try? FileManager.default.removeItem(at: fixture.directory)
        try outcome.get()
    }
}

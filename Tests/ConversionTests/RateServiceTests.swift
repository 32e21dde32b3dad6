import Foundation
import Testing

@testable import Conversion

// The limit guards against a hang, not speed: alone the suite takes about a second, but in the full
// run blocking end-to-end tests can hold the test runner's threads for minutes on two cores.
@Suite("RateService fallback, cache and refresh", .timeLimit(.minutes(10)))
struct RateServiceTests {
    /// Monday 2 November 2026, 16:10 in Frankfurt: the ECB's table of the day is out.
    static let mondayAfterPublication = instant("2026-11-02T15:10:00Z")

    /// Stops the service and returns every event it reported.
    func drainEvents(_ service: RateService) async -> [RateEvent] {
        await service.stop()
        var events: [RateEvent] = []
        for await event in service.events {
            events.append(event)
        }
        return events
    }

    @Test("offline without cache or file, the bundled snapshot is used and reported stale")
    func offlineUsesBundled() throws {
        let service = try RateService(
            configuration: RateServiceConfiguration(cache: nil), fetcher: nil,
            clock: ManualClock(instant("2026-11-21T12:00:00Z")))
        #expect(service.current.origin == .bundled)
        #expect(service.current.table.sourceName == "ecb-bundled")
        #expect(service.current.isStale)
        #expect(
            try service.converter(locale: Locale(identifier: "en_US")).convert(100, from: "USD", to: "JPY").amount
                == 15725)
    }

    @Test("offline with a rates file, the file is used")
    func offlineUsesFile() async throws {
        try await RateServiceFixture.with { fixture in
            let path = try fixture.writeRatesFile(day: "2026-11-02", usd: "1.2345")
            let service = try RateService(
                configuration: RateServiceConfiguration(ratesFile: path, cache: nil), fetcher: nil,
                clock: ManualClock(Self.mondayAfterPublication))
            #expect(service.current.origin == .file)
            #expect(service.current.table.sourceName == "file:\(path)")
            #expect(!service.current.isStale)
            await service.update()
            #expect(fixture.server.requestedPaths.isEmpty)
        }
    }

    @Test("an unreadable rates file fails creation, naming the file")
    func invalidRatesFileFails() throws {
        #expect(throws: RateError.self) {
            try RateService(
                configuration: RateServiceConfiguration(ratesFile: "/nonexistent/rates.csv", cache: nil), fetcher: nil,
                clock: ManualClock(Self.mondayAfterPublication))
        }
        #expect(throws: RateError.invalidConfiguration("base 'XYZ' is not an ISO 4217 code")) {
            try RateService(
                configuration: RateServiceConfiguration(base: "XYZ", cache: nil), fetcher: nil,
                clock: ManualClock(Self.mondayAfterPublication))
        }
    }

    @Test("without a cache, the first update fetches, writes the cache and reports the new table")
    func firstUpdateFetches() async throws {
        try await RateServiceFixture.with { fixture in
            let clock = ManualClock(Self.mondayAfterPublication)
            let service = try fixture.service(clock: clock)
            #expect(service.current.origin == .bundled)
            await service.update()
            let current = service.current
            #expect(current.origin == .network)
            #expect(current.table.date == "2026-11-02")
            #expect(current.fetchedAt == Self.mondayAfterPublication)
            #expect(current.validUntil == instant("2026-11-03T15:00:00Z"))
            #expect(fixture.server.requestedPaths == ["/daily.xml"])
            #expect(try fixture.cache.load(source: "ecb", base: "EUR")?.table == current.table)
            #expect(await drainEvents(service) == [.tableChanged(current)])
        }
    }

    @Test("a valid cache is used at once and no request is made")
    func validCacheAvoidsNetwork() async throws {
        try await RateServiceFixture.with { fixture in
            try fixture.storeCachedTable(day: "2026-11-02", usd: "1.1111", fetchedAt: Self.mondayAfterPublication)
            let clock = ManualClock(Self.mondayAfterPublication.addingTimeInterval(3600))
            let service = try fixture.service(clock: clock)
            #expect(service.current.origin == .cache)
            #expect(service.current.table.rates["USD"] == decimal("1.1111"))
            await service.update()
            #expect(fixture.server.requestedPaths.isEmpty)
        }
    }

    @Test("the refresh starts refreshLead before the cache expires, on the injected clock")
    func refreshBeforeExpiry() async throws {
        try await RateServiceFixture.with(.body(TestFixtures.ecbXML(day: "2026-11-03", usd: "1.2222"))) { fixture in
            try fixture.storeCachedTable(day: "2026-11-02", usd: "1.1111", fetchedAt: Self.mondayAfterPublication)
            let clock = ManualClock(instant("2026-11-03T14:58:59Z"))
            let service = try fixture.service(clock: clock)
            await service.update()
            #expect(fixture.server.requestedPaths.isEmpty)
            clock.advance(to: instant("2026-11-03T14:59:00Z"))
            await service.update()
            #expect(fixture.server.requestedPaths.count == 1)
            #expect(service.current.origin == .network)
            #expect(service.current.table.rates["USD"] == decimal("1.2222"))
        }
    }

    @Test("when the source fails, the expired cache stays in use and the retry waits retryInterval")
    func failureKeepsLastGood() async throws {
        try await RateServiceFixture.with(.body(status: 503, "down")) { fixture in
            try fixture.storeCachedTable(day: "2026-11-02", usd: "1.1111", fetchedAt: Self.mondayAfterPublication)
            let clock = ManualClock(instant("2026-11-03T16:00:00Z"))
            let service = try fixture.service(clock: clock)
            #expect(service.current.origin == .expiredCache)
            await service.update()
            #expect(service.current.origin == .expiredCache)
            #expect(service.current.table.rates["USD"] == decimal("1.1111"))
            #expect(service.current.lastError == .httpStatus(source: "ecb", status: 503))
            await service.update()
            #expect(fixture.server.requestedPaths.count == 1)
            fixture.answer.set(.body(TestFixtures.ecbXML(day: "2026-11-03", usd: "1.3333")))
            clock.advance(to: instant("2026-11-03T16:05:00Z"))
            await service.update()
            #expect(fixture.server.requestedPaths.count == 2)
            #expect(service.current.origin == .network)
            #expect(service.current.lastError == nil)
            let events = await drainEvents(service)
            #expect(events.first == .refreshFailed(.httpStatus(source: "ecb", status: 503)))
            #expect(events.count == 2)
        }
    }

    @Test("a failed refresh never replaces a good table from the network")
    func failureAfterSuccessKeepsTable() async throws {
        try await RateServiceFixture.with { fixture in
            let clock = ManualClock(Self.mondayAfterPublication)
            let service = try fixture.service(clock: clock)
            await service.update()
            let good = service.current.table
            fixture.answer.set(.body("garbage"))
            let after = await service.refresh()
            #expect(after.table == good)
            #expect(after.origin == .network)
            #expect(after.lastError == .unknownFormat(source: "ecb"))
        }
    }

    @Test(
        "offline fallback order: expired cache or newer file, then bundled",
        arguments: [
            (cacheDay: "2026-11-02" as String?, fileDay: nil as String?, expected: RateOrigin.expiredCache),
            (cacheDay: "2026-11-02", fileDay: "2026-10-29", expected: .expiredCache),
            (cacheDay: "2026-11-02", fileDay: "2026-11-02", expected: .expiredCache),
            (cacheDay: "2026-11-02", fileDay: "2026-11-03", expected: .file),
            (cacheDay: nil, fileDay: "2026-10-29", expected: .file),
            (cacheDay: nil, fileDay: nil, expected: .bundled),
        ])
    func offlineFallbackOrder(cacheDay: String?, fileDay: String?, expected: RateOrigin) async throws {
        try await RateServiceFixture.with(.hangUp) { fixture in
            if let cacheDay {
                try fixture.storeCachedTable(day: cacheDay, usd: "1.1", fetchedAt: instant("\(cacheDay)T15:10:00Z"))
            }
            let path = try fileDay.map { try fixture.writeRatesFile(day: $0, usd: "1.2") }
            let clock = ManualClock(instant("2026-11-05T12:00:00Z"))
            let service = try fixture.service(clock: clock, ratesFile: path)
            await service.update()
            // One fetch; the server may see its request twice, as libcurl can repeat a request
            // on a connection closed without an answer (1 CI run in about 30 saw 2).
            #expect(fixture.fetcher.fetches == 1)
            #expect(!fixture.server.requestedPaths.isEmpty)
            #expect(service.current.origin == expected)
            if case .network = service.current.lastError {
            } else {
                Issue.record("expected a network error, got \(String(describing: service.current.lastError))")
            }
        }
    }

    @Test("a corrupt cache file is reported and ignored")
    func corruptCacheIgnored() async throws {
        try await RateServiceFixture.with(.hangUp) { fixture in
            let url = fixture.cache.fileURL(source: "ecb", base: "EUR")
            try FileManager.default.createDirectory(at: fixture.cache.directory, withIntermediateDirectories: true)
            try Data("{\"format\":".utf8).write(to: url)
            let service = try fixture.service(clock: ManualClock(Self.mondayAfterPublication))
            #expect(service.current.origin == .bundled)
            let events = await drainEvents(service)
            #expect(events == [.cacheIgnored(.malformedJSON(source: url.path, reason: "corrupt cache file"))])
        }
    }

    @Test("a corrupt cache file is replaced by the next good fetch")
    func corruptCacheReplaced() async throws {
        try await RateServiceFixture.with { fixture in
            try FileManager.default.createDirectory(at: fixture.cache.directory, withIntermediateDirectories: true)
            try Data("garbage".utf8).write(to: fixture.cache.fileURL(source: "ecb", base: "EUR"))
            let service = try fixture.service(clock: ManualClock(Self.mondayAfterPublication))
            await service.update()
            #expect(try fixture.cache.load(source: "ecb", base: "EUR")?.table == service.current.table)
        }
    }

    @Test("the turn to stale is reported once")
    func staleTransitionReported() async throws {
        try await RateServiceFixture.with { fixture in
            let path = try fixture.writeRatesFile(day: "2026-11-02", usd: "1.2")
            let clock = ManualClock(instant("2026-11-03T20:59:59Z"))
            let service = try RateService(
                configuration: RateServiceConfiguration(ratesFile: path, cache: nil), fetcher: nil, clock: clock)
            #expect(!service.current.isStale)
            clock.advance(to: instant("2026-11-03T21:00:01Z"))
            await service.update()
            await service.update()
            #expect(service.current.isStale)
            #expect(await drainEvents(service) == [.staleChanged(service.current)])
        }
    }

    @Test("concurrent refreshes share one request")
    func oneRequestInFlight() async throws {
        try await RateServiceFixture.with(.slow(seconds: 1, TestFixtures.ecbXML(day: "2026-11-02"))) { fixture in
            let service = try fixture.service(clock: ManualClock(Self.mondayAfterPublication))
            let snapshots = await withTaskGroup(of: RateSnapshot.self) { group in
                for _ in 0..<8 {
                    group.addTask { await service.refresh() }
                }
                var all: [RateSnapshot] = []
                for await snapshot in group {
                    all.append(snapshot)
                }
                return all
            }
            #expect(fixture.server.requestedPaths.count == 1)
            #expect(snapshots.allSatisfy { $0.origin == .network })
        }
    }

    @Test("the background loop fetches on start and reports the table")
    func backgroundLoopFetches() async throws {
        try await RateServiceFixture.with { fixture in
            let clock = ManualClock(Self.mondayAfterPublication)
            let service = try fixture.service(clock: clock)
            await service.start()
            var events = service.events.makeAsyncIterator()
            let first = await events.next()
            guard case .tableChanged(let snapshot) = first else {
                Issue.record("expected tableChanged, got \(String(describing: first))")
                return
            }
            #expect(snapshot.origin == .network)
            await service.stop()
        }
    }

    @Test("the background loop refreshes when the clock reaches the refresh time")
    func backgroundLoopRefreshesOnClock() async throws {
        try await RateServiceFixture.with(.body(TestFixtures.ecbXML(day: "2026-11-03", usd: "1.2222"))) { fixture in
            try fixture.storeCachedTable(day: "2026-11-02", usd: "1.1111", fetchedAt: Self.mondayAfterPublication)
            let clock = ManualClock(Self.mondayAfterPublication)
            let service = try fixture.service(clock: clock)
            await service.start()
            while clock.sleeperCount == 0 {
                await Task.yield()
            }
            #expect(fixture.server.requestedPaths.isEmpty)
            #expect(await service.nextWake(now: clock.now()) == instant("2026-11-02T15:25:00Z"))
            var wake = await service.nextWake(now: clock.now())
            while wake < instant("2026-11-03T14:59:00Z") {
                clock.advance(to: wake)
                wake = await service.nextWake(now: wake)
            }
            clock.advance(to: wake)
            var events = service.events.makeAsyncIterator()
            let event = await events.next()
            guard case .tableChanged(let snapshot) = event else {
                Issue.record("expected tableChanged, got \(String(describing: event))")
                return
            }
            #expect(snapshot.table.rates["USD"] == decimal("1.2222"))
            #expect(fixture.server.requestedPaths.count == 1)
            await service.stop()
        }
    }

    @Test("an ExchangeRate-API table is cached per source and base, valid until its announced next update")
    func exchangeRateAPIThroughService() async throws {
        try await RateServiceFixture.with(.body(TestFixtures.exchangeRateAPI())) { fixture in
            let clock = ManualClock(instant("2026-10-31T08:00:00Z"))
            let service = try RateService(
                configuration: RateServiceConfiguration(base: "USD", cache: fixture.cache),
                fetcher: HTTPRateFetcher(
                    source: .exchangeRateAPI(baseURL: fixture.server.baseURL, apiKey: "k"), timeout: 5),
                clock: clock
            )
            await service.update()
            #expect(fixture.server.requestedPaths == ["/v6/k/latest/USD"])
            #expect(service.current.origin == .network)
            #expect(service.current.validUntil == Date(timeIntervalSince1970: 1_793_491_201))
            let cached = try fixture.cache.load(source: "exchangerate-api", base: "USD")
            #expect(cached?.table == service.current.table)
            #expect(
                FileManager.default.fileExists(
                    atPath: fixture.cache.directory.appendingPathComponent("rates-exchangerate-api-USD.json").path))
        }
    }

    @Test("an answer for another base than asked is a failure, not a new table")
    func wrongBaseRejected() async throws {
        try await RateServiceFixture.with(.body(TestFixtures.exchangeRateAPI(base: "GBP"))) { fixture in
            let service = try RateService(
                configuration: RateServiceConfiguration(base: "USD", cache: nil),
                fetcher: HTTPRateFetcher(
                    source: .exchangeRateAPI(baseURL: fixture.server.baseURL, apiKey: "k"), timeout: 5),
                clock: ManualClock(instant("2026-10-31T08:00:00Z"))
            )
            await service.update()
            #expect(service.current.origin == .bundled)
            #expect(
                service.current.lastError
                    == .malformedJSON(source: "exchangerate-api", reason: "asked for base USD, got GBP"))
        }
    }

    @Test("a cache that cannot be written is reported and the fetched table still used")
    func cacheWriteFailureReported() async throws {
        try await RateServiceFixture.with { fixture in
            try Data("not a directory".utf8).write(to: fixture.cache.directory)
            let service = try fixture.service(clock: ManualClock(Self.mondayAfterPublication))
            await service.update()
            #expect(service.current.origin == .network)
            let events = await drainEvents(service)
            #expect(events.count == 2)
            guard case .cacheWriteFailed(.fileSystem) = events.first else {
                Issue.record("expected cacheWriteFailed first, got \(events)")
                return
            }
        }
    }
}

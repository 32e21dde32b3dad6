import Foundation
import Synchronization

/// Keeps a current rate table: loads it from cache, file or the bundled snapshot at once,
/// refreshes it from the network in the background, and reports changes.
///
/// ## Fallback order
///
/// 1. a **valid cache entry** (fetched from the network source by this or an earlier process
///    and not past `validUntil`);
/// 2. the **network** source (fetched when the entry is missing or about to expire);
/// 3. when the source is unreachable: the newer (by `publishedAt`) of the **expired cache entry**
///    and the **`--rates` file**; the cache wins a tie, being from the configured live source;
/// 4. the **bundled** ECB snapshot of 30 October 2026.
///
/// A corrupt cache file is reported as ``RateEvent/cacheIgnored(_:)`` and skipped; an
/// invalid `--rates` file fails ``init(configuration:fetcher:clock:)`` since the user asked
/// for it. Without a fetcher (offline), the order is file, then bundled.
///
/// ## Refresh
///
/// ``start()`` runs a background loop that refreshes `refreshLead` before the entry's
/// `validUntil` (see ``RateCacheEntry``), retries failures after `retryInterval` while the
/// last good table stays in use, and wakes when the table turns stale to report it.
/// ``refresh()`` forces a fetch. At most one request is in flight: concurrent refreshes join it.
///
/// ## Reading
///
/// ``current`` and ``converter(locale:)`` are `nonisolated` and lock-protected: a frame loop
/// reads the table without awaiting the actor or any network request.
public actor RateService {
    /// The settings this service was created with.
    public nonisolated let configuration: RateServiceConfiguration
    /// Table changes, stale transitions and failures, in order. Single consumer; the newest
    /// 256 events are buffered.
    public nonisolated let events: AsyncStream<RateEvent>

    private nonisolated let published: Mutex<RateSnapshot>
    private nonisolated let continuation: AsyncStream<RateEvent>.Continuation
    private let fetcher: (any RateFetching)?
    private let clock: any RateServiceClock
    private let bundledTable: RateTable
    private var fileTable: RateTable?
    private var entry: RateCacheEntry?
    private var entryOrigin: RateOrigin = .cache
    private var lastFailureAt: Date?
    private var lastError: RateError?
    private var inFlight: Task<Void, Never>?
    private var loop: Task<Void, Never>?

    /// Creates the service and selects its first table without touching the network: valid
    /// cache, else expired cache or file, else bundled.
    ///
    /// - Parameters:
    ///   - configuration: Base, `--rates` file, cache and timing.
    ///   - fetcher: The network source, or `nil` to stay offline.
    ///   - clock: The wall clock; inject one in tests.
    /// - Throws: ``RateError/invalidConfiguration(_:)`` for an unknown base, or the error
    ///   reading or parsing the `--rates` file.
    public init(
        configuration: RateServiceConfiguration,
        fetcher: (any RateFetching)?,
        clock: any RateServiceClock = SystemRateClock()
    ) throws(RateError) {
        guard CurrencyCodes.isKnown(configuration.base) else {
            throw .invalidConfiguration("base '\(configuration.base)' is not an ISO 4217 code")
        }
        let (events, continuation) = AsyncStream.makeStream(of: RateEvent.self, bufferingPolicy: .bufferingNewest(256))
        self.events = events
        self.continuation = continuation
        self.configuration = configuration
        self.fetcher = fetcher
        self.clock = clock
        self.bundledTable = try RateTable.bundled()
        if let path = configuration.ratesFile {
            self.fileTable = try RateDocument.load(path: path)
        } else {
            self.fileTable = nil
        }
        var loaded: RateCacheEntry?
        if let fetcher, let cache = configuration.cache {
            do {
                loaded = try cache.load(
                    source: fetcher.sourceName,
                    base: fetcher.tableBase(for: configuration.base)
                )
            } catch {
                continuation.yield(.cacheIgnored(error))
            }
        }
        self.entry = loaded
        let initial = Self.select(
            now: clock.now(),
            entry: loaded,
            entryOrigin: .cache,
            file: fileTable,
            bundled: bundledTable,
            lastError: nil
        )
        self.published = Mutex(initial)
    }

    deinit {
        loop?.cancel()
        continuation.finish()
    }

    /// The table in use now, without waiting for anything.
    public nonisolated var current: RateSnapshot {
        published.withLock { $0 }
    }

    /// A converter over the current table.
    public nonisolated func converter(locale: Locale) -> CurrencyConverter {
        CurrencyConverter(rates: current.table, locale: locale)
    }

    /// Starts the background refresh loop (idempotent). It fetches at once if the cache is not
    /// valid.
    public func start() {
        guard loop == nil else {
            return
        }
        let clock = self.clock
        loop = Task { [weak self] in
            while !Task.isCancelled {
                guard let wake = await self?.updateAndScheduleNext() else {
                    return
                }
                do {
                    try await clock.sleep(until: wake)
                } catch {
                    return
                }
            }
        }
    }

    /// Stops the background loop and finishes ``events``.
    public func stop() {
        loop?.cancel()
        loop = nil
        continuation.finish()
    }

    /// Does whatever is due at the clock's current time: a refresh when the entry is missing
    /// or about to expire (and no failure is waiting out `retryInterval`), then re-selects the
    /// table and reports changes and stale transitions. The background loop calls this.
    public func update() async {
        if isRefreshDue(now: clock.now()) {
            await fetch()
        }
        publish()
    }

    /// Forces a fetch (joining one in flight) and re-reads the `--rates` file, then
    /// re-selects the table.
    ///
    /// - Returns: The snapshot in use afterwards; its `lastError` holds a failure, if any.
    @discardableResult
    public func refresh() async -> RateSnapshot {
        if let path = configuration.ratesFile {
            do {
                fileTable = try RateDocument.load(path: path)
            } catch {
                continuation.yield(.refreshFailed(error))
            }
        }
        await fetch()
        return publish()
    }

    /// When the background loop should next call ``update()``.
    func nextWake(now: Date) -> Date {
        var candidates: [Date] = []
        if fetcher != nil {
            var due = entry.map { $0.validUntil.addingTimeInterval(-configuration.refreshLead) } ?? now
            if let lastFailureAt {
                due = max(due, lastFailureAt.addingTimeInterval(configuration.retryInterval))
            }
            candidates.append(due)
        }
        if let entry, entry.validUntil > now {
            candidates.append(entry.validUntil)
        }
        let snapshot = current
        if !snapshot.isStale {
            candidates.append(snapshot.table.nextTableDueAt.addingTimeInterval(RateTable.publicationGrace + 1))
        }
        let earliest = candidates.min() ?? now.addingTimeInterval(configuration.maximumSleep)
        return min(max(earliest, now.addingTimeInterval(1)), now.addingTimeInterval(configuration.maximumSleep))
    }

    private func updateAndScheduleNext() async -> Date {
        await update()
        return nextWake(now: clock.now())
    }

    private func isRefreshDue(now: Date) -> Bool {
        guard fetcher != nil, inFlight == nil else {
            return false
        }
        if let lastFailureAt, now < lastFailureAt.addingTimeInterval(configuration.retryInterval) {
            return false
        }
        guard let entry else {
            return true
        }
        return now >= entry.validUntil.addingTimeInterval(-configuration.refreshLead)
    }

    /// Fetches from the network and applies the result, or waits until the fetch already in
    /// flight has been applied.
    private func fetch() async {
        guard let fetcher else {
            return
        }
        if let inFlight {
            await inFlight.value
            return
        }
        let base = configuration.base
        let task = Task {
            let result: Result<RateTable, RateError>
            do throws(RateError) {
                result = .success(try await fetcher.fetch(base: base))
            } catch {
                result = .failure(error)
            }
            self.apply(result, fetcher: fetcher, base: base)
        }
        inFlight = task
        await task.value
    }

    /// Records a fetch result: a good table becomes the cache entry (and is written to disk),
    /// a failure is reported and the previous table kept.
    private func apply(_ result: Result<RateTable, RateError>, fetcher: any RateFetching, base: String) {
        inFlight = nil
        let now = clock.now()
        switch result {
        case .success(let table) where table.base != fetcher.tableBase(for: base):
            fail(
                .malformedJSON(source: fetcher.sourceName, reason: "asked for base \(base), got \(table.base)"),
                now: now)
        case .success(let table):
            let fetched = RateCacheEntry(table: table, fetchedAt: now)
            entry = fetched
            entryOrigin = .network
            lastFailureAt = nil
            lastError = nil
            if let cache = configuration.cache {
                do {
                    try cache.store(fetched)
                } catch {
                    continuation.yield(.cacheWriteFailed(error))
                }
            }
        case .failure(let error):
            fail(error, now: now)
        }
    }

    private func fail(_ error: RateError, now: Date) {
        lastFailureAt = now
        lastError = error
        continuation.yield(.refreshFailed(error))
    }

    /// Re-selects the table at the clock's time, stores it, and reports what changed.
    @discardableResult
    private func publish() -> RateSnapshot {
        let snapshot = Self.select(
            now: clock.now(), entry: entry, entryOrigin: entryOrigin, file: fileTable, bundled: bundledTable,
            lastError: lastError)
        let previous = published.withLock { stored in
            let previous = stored
            stored = snapshot
            return previous
        }
        if previous.table != snapshot.table || previous.origin != snapshot.origin {
            continuation.yield(.tableChanged(snapshot))
        } else if previous.isStale != snapshot.isStale {
            continuation.yield(.staleChanged(snapshot))
        }
        return snapshot
    }

    /// The fallback order; see the type's documentation.
    private static func select(
        now: Date,
        entry: RateCacheEntry?,
        entryOrigin: RateOrigin,
        file: RateTable?,
        bundled: RateTable,
        lastError: RateError?
    ) -> RateSnapshot {
        func snapshot(_ table: RateTable, _ origin: RateOrigin, _ entry: RateCacheEntry?) -> RateSnapshot {
            RateSnapshot(
                table: table, origin: origin, isStale: table.isStale(now: now), fetchedAt: entry?.fetchedAt,
                validUntil: entry?.validUntil, lastError: lastError)
        }
        if let entry, entry.isValid(now: now) {
            return snapshot(entry.table, entryOrigin, entry)
        }
        switch (entry, file) {
        case (let entry?, let file?):
            return file.publishedAt > entry.table.publishedAt
                ? snapshot(file, .file, nil) : snapshot(entry.table, .expiredCache, entry)
        case (let entry?, nil):
            return snapshot(entry.table, .expiredCache, entry)
        case (nil, let file?):
            return snapshot(file, .file, nil)
        case (nil, nil):
            return snapshot(bundled, .bundled, nil)
        }
    }
}

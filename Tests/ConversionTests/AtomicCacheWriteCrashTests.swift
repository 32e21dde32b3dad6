import Foundation
import Testing

@testable import Conversion

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Atomic cache writes under a real crash")
struct AtomicCacheWriteCrashTests {
    /// A table quoting every known currency, so that each write takes a while.
    static func largeEntry(generation: Int) -> RateCacheEntry {
        var rates: [String: Decimal] = [:]
        for code in CurrencyCodes.all where code != "EUR" {
            rates[code] = Decimal(generation + 1) + decimal("0.123456789012345678901234567")
        }
        return RateCacheEntry(
            table: RateTable(
                base: "EUR", date: "2026-10-30", rates: rates, sourceName: "ecb",
                publishedAt: Date(timeIntervalSince1970: 1_793_372_400)),
            fetchedAt: Date(timeIntervalSince1970: 1_793_372_700 + Double(generation)))
    }

    /// A child process rewrites the cache in a loop until a thread of its own kills it with
    /// SIGKILL at a random moment, five times over; the file must always hold one complete
    /// entry (stray temporary files may remain and are never read).
    @Test("a process killed with SIGKILL while rewriting the cache leaves a complete cache file")
    func killedWriterLeavesCompleteFile() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = RateCache(directory: directory)
        try cache.store(Self.largeEntry(generation: 0))
        for _ in 0..<5 {
            await #expect(processExitsWith: .signal(SIGKILL)) { [path = directory.path as String] in
                let cache = RateCache(directory: URL(fileURLWithPath: path))
                let killer = Thread {
                    usleep(UInt32.random(in: 5_000...60_000))
                    kill(getpid(), SIGKILL)
                }
                killer.start()
                var generation = Int.random(in: 1...1_000_000)
                while true {
                    try? cache.store(Self.largeEntry(generation: generation))
                    generation += 1
                }
            }
            let survivor = try #require(try cache.load(source: "ecb", base: "EUR"))
            let generation = Int(survivor.fetchedAt.timeIntervalSince1970 - 1_793_372_700)
            #expect(survivor == Self.largeEntry(generation: generation))
        }
    }
}

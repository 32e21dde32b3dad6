import Foundation
import Testing

@testable import Conversion

@Suite("On-disk rate cache")
struct RateCacheTests {
    func sampleEntry(usd: String = "1.1172", fetchedAt: Date = instant("2026-10-30T15:05:00Z")) -> RateCacheEntry {
        RateCacheEntry(
            table: RateTable(
                base: "EUR", date: "2026-10-30", rates: ["USD": decimal(usd), "JPY": decimal("175.68")],
                sourceName: "ecb", publishedAt: instant("2026-10-30T15:00:00Z")),
            fetchedAt: fetchedAt)
    }

    @Test("the directory is $XDG_CACHE_HOME/lensd, else ~/.cache/lensd")
    func defaultDirectory() {
        #expect(
            RateCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path
                == "/x/cache/lensd")
        #expect(RateCache.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/lensd")
        #expect(
            RateCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.cache/lensd")
    }

    @Test("one file per source and base")
    func fileNaming() {
        let cache = RateCache(directory: URL(fileURLWithPath: "/c"))
        #expect(cache.fileURL(source: "ecb", base: "eur").path == "/c/rates-ecb-EUR.json")
        #expect(cache.fileURL(source: "exchangerate-api", base: "USD").path == "/c/rates-exchangerate-api-USD.json")
        #expect(cache.fileURL(source: "../evil/x", base: "USD").path == "/c/rates-___evil_x-USD.json")
    }

    @Test("an entry round-trips exactly, validity included")
    func roundTrip() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = RateCache(directory: directory.appendingPathComponent("lensd"))
        let entry = sampleEntry(usd: "1.117200000000000000000000001")
        try cache.store(entry)
        #expect(try cache.load(source: "ecb", base: "EUR") == entry)
    }

    @Test("no file means no entry")
    func missingFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try RateCache(directory: directory).load(source: "ecb", base: "EUR") == nil)
    }

    @Test(
        "corrupt files are reported as errors naming the file",
        arguments: [
            "", "{", "null", #"{"format":"other","version":1}"#,
            #"{"base":"EUR","date":"2026-10-30","fetchedAt":1,"format":"lensd-rates-cache","publishedAt":1,"rates":{"EUR":"1","USD":"-1"},"source":"ecb","validUntil":2,"version":1}"#,
            #"{"base":"EUR","date":"2026-10-30","fetchedAt":1,"format":"lensd-rates-cache","publishedAt":1,"rates":{"EUR":"1","USD":"1"},"source":"exchangerate-api","validUntil":2,"version":1}"#,
        ])
    func corruptFile(contents: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = RateCache(directory: directory)
        let url = cache.fileURL(source: "ecb", base: "EUR")
        try Data(contents.utf8).write(to: url)
        #expect {
            try cache.load(source: "ecb", base: "EUR")
        } throws: { error in
            (error as? RateError)?.description.contains(url.path) == true
        }
    }

    @Test("validity is the next due table, clamped to 15 min … 24 h after the fetch")
    func validity() {
        let fetched = instant("2026-10-30T15:05:00Z")
        #expect(sampleEntry(fetchedAt: fetched).validUntil == instant("2026-10-31T15:05:00Z"))
        let monday = instant("2026-11-02T10:00:00Z")
        #expect(sampleEntry(fetchedAt: monday).validUntil == instant("2026-11-02T15:00:00Z"))
        let late = instant("2026-11-02T15:30:00Z")
        #expect(sampleEntry(fetchedAt: late).validUntil == instant("2026-11-02T15:45:00Z"))
        let api = RateCacheEntry(
            table: RateTable(
                base: "USD", date: "2026-10-31", rates: [:], sourceName: "exchangerate-api",
                publishedAt: instant("2026-10-31T00:00:01Z"), nextUpdateAt: instant("2026-11-01T00:00:01Z")),
            fetchedAt: instant("2026-10-31T08:00:00Z"))
        #expect(api.validUntil == instant("2026-11-01T00:00:01Z"))
    }

    @Test("a write interrupted before its rename leaves the old cache intact and is ignored")
    func interruptedWriteKeepsOldCache() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = RateCache(directory: directory)
        let old = sampleEntry(usd: "1.1172")
        try cache.store(old)
        let final = cache.fileURL(source: "ecb", base: "EUR")
        let newData = try JSONEncoder().encode(RateCacheFile(sampleEntry(usd: "1.2000")))
        let partial = directory.appendingPathComponent(
            AtomicFile.temporaryPrefix(for: final.lastPathComponent) + "99999-12345")
        try newData.prefix(newData.count / 2).write(to: partial)
        #expect(try cache.load(source: "ecb", base: "EUR") == old)
        let newer = sampleEntry(usd: "1.3000")
        try cache.store(newer)
        #expect(try cache.load(source: "ecb", base: "EUR") == newer)
    }

    @Test("the cache file is JSON with decimal strings")
    func fileLayout() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = RateCache(directory: directory)
        try cache.store(sampleEntry())
        let text = try String(contentsOf: cache.fileURL(source: "ecb", base: "EUR"), encoding: .utf8)
        #expect(text.contains(#""format":"lensd-rates-cache""#))
        #expect(text.contains(#""USD":"1.1172""#))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["rates-ecb-EUR.json"])
    }
}

import Foundation
import Testing
@testable import PriceParsing

@Suite("CurrencySpellings")
struct CurrencySpellingsTests {
    /// A new, empty directory under the temporary directory; removed by `body`'s caller.
    static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lensd-spellings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    /// A key of the tests' own: ``CurrencySpellings/cacheKey()`` names the ICU library mapped
    /// into the process, which the test runner may not show (`lensd convert` writes the file end
    /// to end in `RatesIntegrationTests`).
    static let key = "test"

    static func cacheFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix("currency-spellings-") }
    }

    @Test("a cached copy reads back as ICU's own, and builds the same table")
    func cacheReadsBackAsICUsOwn() throws {
        let fromICU = CurrencySpellings.fromICU()
        #expect(fromICU.locales.count > 1_500)
        #expect(fromICU.english.contains { $0.code == "JPY" && $0.fractionDigits == 0 })
        try Self.withDirectory { directory in
            let first = CurrencySpellings.load(cachedIn: directory, key: Self.key)
            let firstIsICUs = first == fromICU
            #expect(firstIsICUs)
            #expect(Self.cacheFiles(in: directory).count == 1)
            let second = CurrencySpellings.load(cachedIn: directory, key: Self.key)
            let secondIsICUs = second == fromICU
            #expect(secondIsICUs)
            // The next start reads the file, not ICU: what the file holds is what it gets.
            let file = directory.appendingPathComponent(try #require(Self.cacheFiles(in: directory).first))
            var edited = fromICU
            edited.locales.removeLast()
            try JSONEncoder().encode(edited).write(to: file)
            let third = CurrencySpellings.load(cachedIn: directory, key: Self.key)
            #expect(third.locales.count == fromICU.locales.count - 1)
            let built = CurrencySymbolTable(spellings: second), reference = CurrencySymbolTable(spellings: fromICU)
            #expect(built.symbols.map(\.text) == reference.symbols.map(\.text))
            #expect(built.symbols.map(\.currencies) == reference.symbols.map(\.currencies))
            #expect(built.symbols.map(\.isUsuallyPrefix) == reference.symbols.map(\.isUsuallyPrefix))
            #expect(built.minorUnitsByCode == reference.minorUnitsByCode)
            #expect(built.isoCodes == reference.isoCodes)
        }
    }

    @Test("a cache file that does not decode is read from ICU again and replaced")
    func corruptCacheIsReplaced() throws {
        let key = Self.key
        try Self.withDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("currency-spellings-\(key).json")
            try Data("{\"locales\": [tru".utf8).write(to: file)
            // Another ICU library's file, which the new one replaces.
            try Data("{}".utf8).write(to: directory.appendingPathComponent("currency-spellings-0.json"))
            let spellings = CurrencySpellings.load(cachedIn: directory, key: Self.key)
            #expect(spellings.locales.count > 1_500)
            #expect(Self.cacheFiles(in: directory) == [file.lastPathComponent])
            let stored = try JSONDecoder().decode(CurrencySpellings.self, from: Data(contentsOf: file))
            let storedIsLoaded = stored == spellings
            #expect(storedIsLoaded)
        }
    }

    @Test("a directory that cannot be created still gives the spellings")
    func unwritableDirectoryGivesTheSpellings() throws {
        try Self.withDirectory { directory in
            try Data("a file".utf8).write(to: directory)
            let spellings = CurrencySpellings.load(cachedIn: directory.appendingPathComponent("cache"), key: Self.key)
            #expect(spellings.locales.count > 1_500)
        }
    }
}

import Foundation
import Testing

@testable import Conversion

@Suite("Bundled ECB snapshot")
struct BundledSnapshotTests {
    /// `shared/rates/ecb-eurofxref-2026-10-30.csv` next to the worktree, when present.
    static let sharedSnapshotURL: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/rates/ecb-eurofxref-2026-10-30.csv")

    @Test(
        "embedded text equals the shared ECB file byte for byte",
        .enabled(if: FileManager.default.fileExists(atPath: sharedSnapshotURL.path))
    )
    func embeddedTextEqualsSharedFile() throws {
        let file = try Data(contentsOf: Self.sharedSnapshotURL)
        #expect(Data(BundledECBSnapshot.csv.utf8) == file)
    }

    @Test("bundled table is the ECB's EUR table of 30 October 2026")
    func bundledTableDescribesTheSnapshot() throws {
        let table = try RateTable.bundled()
        #expect(table.base == "EUR")
        #expect(table.date == "2026-10-30")
        #expect(table.sourceName == "ecb-bundled")
        #expect(table.rates.count == 30)
        #expect(table.rates["EUR"] == 1)
        #expect(table.rates["USD"] == decimal("1.1172"))
        #expect(table.rates["GBP"] == decimal("0.83380"))
        #expect(table.rates["IDR"] == decimal("20275.17"))
        #expect(table.rates["ZAR"] == decimal("18.6455"))
    }

    @Test("bundled table is published at 16:00 Frankfurt time (CET, UTC+1 after the October DST change)")
    func bundledTablePublishedAtFourPMFrankfurt() throws {
        let table = try RateTable.bundled()
        let expected = try #require(ISO8601DateFormatter().date(from: "2026-10-30T15:00:00Z"))
        #expect(table.publishedAt == expected)
    }
}

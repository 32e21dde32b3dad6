import Foundation
import Testing

@Suite("--min-confidence", .serialized)
struct MinimumConfidenceTests {
    private func prices(_ run: LensdProcess.Output, _ className: String) -> [[String: Any]] {
        run.messages(className).flatMap { $0["prices"] as? [[String: Any]] ?? [] }
    }

    private func key(_ price: [String: Any]) -> String {
        "\(price["amount"] ?? "") \(price["currency"] ?? "") \(price["text"] ?? "")"
    }

    @Test("scan shows only the prices at or above the threshold, and all of those")
    func scanFilters() throws {
        let images = ["tags-01.png", "tags-02.png", "tags-07.png"].map { LensdProcess.sample("stills/\($0)") }
        let all = try LensdProcess.run(["scan", "--json", "--workers", "2"] + images)
        #expect(all.status == 0, "\(all.stderr)")
        let confidences = prices(all, "SCAN").compactMap { $0["confidence"] as? Double }.sorted()
        let lowest = try #require(confidences.first), highest = try #require(confidences.last)
        try #require(lowest < highest, "the stills need prices of different confidence")
        let threshold = (lowest + highest) / 2
        let filtered = try LensdProcess.run(["scan", "--json", "--workers", "2", "--min-confidence", "\(threshold)"] + images)
        #expect(filtered.status == 0)
        let shown = prices(filtered, "SCAN")
        #expect(shown.allSatisfy { ($0["confidence"] as? Double ?? 0) >= threshold })
        let expected = prices(all, "SCAN").filter { ($0["confidence"] as? Double ?? 0) >= threshold }.map(key)
        #expect(shown.map(key) == expected)
        #expect(shown.count < confidences.count)
    }

    @Test("replay hides tracks below the threshold")
    func replayFilters() throws {
        let arguments = ["replay", "--fast", "--workers", "2", "--control", "none"]
        let all = try LensdProcess.run(arguments + [LensdProcess.sample("shelf-pan.y4m")])
        #expect(all.status == 0, "\(all.stderr)")
        let confidences = prices(all, "OVERLAYS").compactMap { $0["confidence"] as? Double }.sorted()
        // Halfway between two shown (3-decimal) values near the median, so that rounding cannot tip a price.
        let distinct = Array(Set(confidences)).sorted()
        try #require(distinct.count >= 2)
        let threshold = (distinct[distinct.count / 2 - 1] + distinct[distinct.count / 2]) / 2
        let filtered = try LensdProcess.run(arguments + ["--min-confidence", "\(threshold)", LensdProcess.sample("shelf-pan.y4m")])
        #expect(filtered.status == 0)
        let shown = prices(filtered, "OVERLAYS")
        #expect(!shown.isEmpty)
        #expect(shown.allSatisfy { ($0["confidence"] as? Double ?? 0) >= threshold })
        #expect(shown.count == confidences.filter { $0 >= threshold }.count)
    }

    @Test("a threshold outside 0…1 is a usage error")
    func rejectsOutOfRange() throws {
        #expect(try LensdProcess.run(["scan", "--min-confidence", "1.5", LensdProcess.sample("stills/tags-01.png")]).status == 64)
        #expect(try LensdProcess.run(["replay", "--min-confidence", "-0.1", LensdProcess.sample("shelf-pan.y4m")]).status == 64)
    }
}

import Foundation
import Testing

/// `STATS` every `--stats-interval` seconds on a live daemon.
@Suite("Periodic STATS", .serialized)
struct PeriodicStatsTests {
    @Test("sends STATS each interval with rates, drops per stage, queue depth, OCR and latency percentiles, RSS and clients")
    func periodicStats() throws {
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "30", "--workers", "1", "--control", "none", "--stats-interval", "0.5",
            LensdProcess.sample("stills/tags-01.png"), "--target", "EUR",
        ])
        defer { daemon.terminate() }
        // The OCR scheduler reads a still scene in its first moments and then only now and then:
        // wait for an interval in which OCR finished.
        #expect(daemon.waitUntil(timeout: 60) { daemon in
            daemon.messages("STATS").count >= 4 && !daemon.messages("OVERLAYS").isEmpty
                && daemon.messages("STATS").contains { $0["ocr_ms_p50"] != nil }
        }, "stderr: \(daemon.stderr)")
        let periodic = daemon.messages("STATS")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0)
        let stats = daemon.messages("STATS")
        #expect(stats.last?["final"] as? Bool == true)
        #expect(stats.dropLast().allSatisfy { $0["final"] as? Bool == false })
        #expect(periodic.count >= 4)
        for line in periodic {
            let interval = line["interval_s"] as? Double ?? 0
            #expect(interval > 0.3 && interval < 5, "interval \(interval)")
            #expect(line["fps_in"] is Double && line["fps_out"] is Double && line["queue_depth"] is Int)
            let drops = try #require(line["drops"] as? [String: Any])
            #expect(Set(drops.keys) == ["queue", "clients", "control"])
            #expect((line["rss_bytes"] as? Int ?? 0) > 1_000_000)
            #expect(line["clients"] as? Int == 0)
        }
        let last = try #require(periodic.last)
        #expect((last["fps_in"] as? Double ?? 0) > 5, "paced at 30 fps")
        // Percentiles cover one interval; an interval in which no OCR finished (a loaded machine) has none.
        let withOCR = periodic.filter { $0["ocr_ms_p50"] != nil }
        let withLatency = periodic.filter { $0["latency_ms_p50"] != nil }
        #expect(!withOCR.isEmpty && !withLatency.isEmpty)
        for line in withOCR {
            #expect((line["ocr_ms_p50"] as? Double ?? 0) > 0 && (line["ocr_ms_p95"] as? Double ?? 0) >= (line["ocr_ms_p50"] as? Double ?? 0))
        }
        for line in withLatency {
            let p50 = line["latency_ms_p50"] as? Double ?? 0, p95 = line["latency_ms_p95"] as? Double ?? 0
            let p99 = line["latency_ms_p99"] as? Double ?? 0
            #expect(p50 > 0 && p50 <= p95 && p95 <= p99)
        }
    }
}

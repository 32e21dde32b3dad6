import Foundation
import Testing

/// `lensd bench` end to end: the real binary measures a replay of itself.
@Suite("lensd bench", .serialized)
struct BenchCommandTests {
    /// Runs `lensd bench … --json --out TMP` and returns the report.
    static func bench(_ arguments: [String]) throws -> (status: Int32, report: [String: Any], stderr: String) {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let output = try LensdProcess.run(["bench", "--json", "--out", temporary.directory] + arguments)
        let report = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [String: Any] ?? [:]
        return (output.status, report, output.stderr)
    }

    @Test("bench on a sequence with ground truth prints JSON with recall, precision, fps, latency, CPU and RSS")
    func benchReportsFiguresAsJSON() throws {
        let result = try Self.bench([LensdProcess.sample("shelf-pan.y4m")])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.report["mode"] as? String == "fast")
        let median = try #require(result.report["median"] as? [String: Any], "stderr: \(result.stderr)")
        #expect((result.report["runs"] as? [Any])?.count == 1)
        for key in ["recall", "precision", "f1", "confirm_s_p95"] {
            let value = try #require(median[key] as? Double, "\(key) missing")
            #expect((0...1).contains(value) || key == "confirm_s_p95", "\(key) = \(value)")
        }
        #expect((median["recall"] as? Double ?? 0) > 0)
        for key in ["fps_in", "fps_out", "cpu_s", "peak_rss_bytes", "wall_s", "first_overlays_ms"] {
            #expect((median[key] as? Double ?? 0) > 0, "\(key) = \(median[key] ?? "missing")")
        }
        // The prices the coming-into-view figures are taken over: a pan brings some into view.
        #expect((median["entering_tags"] as? Double ?? 0) >= 1, "entering_tags = \(median["entering_tags"] ?? "missing")")
        #expect(median["frames_in"] as? Double == 12)
        #expect(median["overlays_percent"] as? Double == 100)
        #expect(median["drops_queue"] as? Double == 0)
        let latency = try #require(median["latency_ms"] as? [String: Any])
        for stage in ["ocr", "frame"] {
            let summary = try #require(latency[stage] as? [String: Any], "\(stage) missing")
            for key in ["p50", "p95", "p99", "max"] { #expect(summary[key] as? Double != nil, "\(stage).\(key)") }
            #expect((summary["count"] as? Int ?? 0) >= 1)
        }
        // One frame-stage sample a frame; OCR jobs need not be one a frame (scheduled reading).
        #expect((latency["frame"] as? [String: Any])?["count"] as? Int == 12)
        // With --fast a frame's timestamp is virtual: no queue or end-to-end latency.
        #expect(latency["end_to_end"] == nil)
    }

    @Test("a paced bench (--realtime 30) reports end-to-end latency percentiles")
    func realtimeBenchReportsEndToEndLatency() throws {
        let result = try Self.bench(["--realtime", "30", LensdProcess.sample("shelf-pan.y4m")])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.report["mode"] as? String == "realtime")
        let median = try #require(result.report["median"] as? [String: Any], "stderr: \(result.stderr)")
        let latency = try #require(median["latency_ms"] as? [String: Any])
        let endToEnd = try #require(latency["end_to_end"] as? [String: Any])
        let p50 = try #require(endToEnd["p50"] as? Double), p99 = try #require(endToEnd["p99"] as? Double)
        #expect(p50 > 0 && p99 >= p50)
        #expect((endToEnd["count"] as? Int ?? 0) >= 1)
        #expect(latency["queue"] != nil)
    }

    @Test("bench on a missing path exits non-zero with a message naming it")
    func missingPathFails() throws {
        let result = try Self.bench(["/nonexistent/sequence.y4m"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent/sequence.y4m: no such sequence"), "stderr: \(result.stderr)")
        #expect(result.report.isEmpty)
    }

    @Test("bench refuses an unknown --generate name and lists the known ones")
    func unknownSequenceNameFails() throws {
        let result = try Self.bench(["--generate", "no-such-scene"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("slow-pan-640"), "stderr: \(result.stderr)")
    }
}

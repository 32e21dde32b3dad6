import Foundation
import Testing

/// `--http` and `--annotate` on the real daemon: the viewer's endpoints over a real replay, and
/// annotated pictures written by `scan` and `replay`.
@Suite("the HTTP viewer and annotated pictures", .serialized)
struct ViewerIntegrationTests {
    /// The viewer's base URL, from the daemon's log line.
    static func viewerURL(_ daemon: DaemonProcess) -> String? {
        guard daemon.waitUntil(timeout: 60, { $0.stderr.contains("serving the viewer on ") }) else { return nil }
        let text = daemon.stderr
        guard let range = text.range(of: #"http://127\.0\.0\.1:\d+/"#, options: .regularExpression) else { return nil }
        return String(text[range])
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    @Test("a replay with --http serves health, frames, control and Prometheus metrics while it runs")
    func replayServesTheViewer() throws {
        let daemon = try DaemonProcess(["replay", "--loop", "--http", "127.0.0.1:0", "--control", "none", LensdProcess.sample("shelf-handheld")])
        defer { daemon.terminate() }
        let base = try #require(Self.viewerURL(daemon), "stderr: \(daemon.stderr)")

        let healthy = daemon.waitUntil(timeout: 60) { _ in (try? HTTPFetch.fetch(base + "healthz"))?.status == 200 }
        try #require(healthy, "stderr: \(daemon.stderr)")
        let shown = daemon.waitUntil(timeout: 60) { _ in
            ((try? HTTPFetch.fetch(base + "metrics"))?.text ?? "").range(of: #"(?m)^lensd_tracks_shown [1-9]"#, options: .regularExpression) != nil
        }
        #expect(shown)

        let frame = try HTTPFetch.fetch(base + "annotated.jpg")
        #expect(frame.status == 200 && frame.headers["content-type"] == "image/jpeg")
        #expect(Array(frame.body.prefix(2)) == [0xFF, 0xD8])
        #expect(Int(frame.headers["x-lensd-frame"] ?? "") != nil)

        let status = try HTTPFetch.fetch(base + "control", method: "POST", body: #"{"cmd":"status","req":"h"}"#)
        #expect(status.status == 200 && status.text.hasPrefix(#"{"class":"ACK","cmd":"status""#) && status.text.contains(#""req":"h""#))
        let refused = try HTTPFetch.fetch(base + "control", method: "POST", body: #"{"cmd":"lock","id":"p999999"}"#)
        #expect(refused.status == 400 && refused.text.hasPrefix(#"{"class":"ERROR""#))
        let malformed = try HTTPFetch.fetch(base + "control", method: "POST", body: "{not json")
        #expect(malformed.status == 400 && malformed.text.contains(#""concerns":"control""#))

        let metrics = try HTTPFetch.fetch(base + "metrics").text
        for name in [
            "lensd_frames_in_total", "lensd_frames_processed_total", "lensd_frames_dropped_total", "lensd_queue_depth",
            "lensd_end_to_end_latency_seconds_bucket", "lensd_tracks_shown", "lensd_clients{kind=\"socket\"}", "lensd_rates_age_seconds",
            "lensd_resident_memory_bytes", "lensd_control_messages_total{result=\"accepted\"}",
        ] {
            #expect(metrics.contains(name), "\(name) missing from /metrics")
        }
        #expect(metrics.range(of: #"(?m)^lensd_control_messages_total\{result="rejected"\} [1-9]"#, options: .regularExpression) != nil)

        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 30) == 0)
    }

    @Test("--http on a port already in use ends the start-up with exit status 3 and an ERROR")
    func busyPortIsAStartupError() throws {
        let first = try DaemonProcess(["replay", "--loop", "--http", "127.0.0.1:0", "--control", "none", LensdProcess.sample("shelf-handheld")])
        defer { first.terminate() }
        let base = try #require(Self.viewerURL(first))
        let port = try #require(base.split(separator: ":").last.map { $0.dropLast() })
        let second = try LensdProcess.run(["replay", "--http", "127.0.0.1:\(port)", "--control", "none", LensdProcess.sample("shelf-handheld")])
        #expect(second.status == 3)
        #expect(second.messages("ERROR").contains { ($0["message"] as? String)?.contains("cannot listen for HTTP") == true })
    }

    @Test("scan --annotate writes each image with its prices drawn, as a PNG of the image's size")
    func scanWritesAnnotatedImages() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let directory = temporary.file("annotated")
        let output = try LensdProcess.run(["scan", "--json", "--annotate", directory, LensdProcess.sample("stills/tags-01.png"), LensdProcess.sample("stills/tags-03.jpg")])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        for name in ["tags-01.png", "tags-03.png"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
            #expect(Array(data.prefix(4)) == Self.pngSignature)
        }
        let scans = output.messages("SCAN")
        #expect(scans.count == 2)
        #expect(scans.allSatisfy { (($0["prices"] as? [Any]) ?? []).count > 0 })
    }

    @Test("replay --fast --annotate --annotate-every 20 writes frames 0, 20 and 40 of the 60-frame sample")
    func replayWritesEveryNthFrame() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let directory = temporary.file("frames")
        let output = try LensdProcess.run([
            "replay", "--fast", "--control", "none", "--annotate", directory, "--annotate-every", "20", LensdProcess.sample("shelf-handheld"),
        ])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(written == ["frame-000000.png", "frame-000020.png", "frame-000040.png"])
    }

    @Test("--annotate-every without --annotate is refused")
    func annotateEveryNeedsADirectory() throws {
        let output = try LensdProcess.run(["replay", "--fast", "--annotate-every", "5", LensdProcess.sample("shelf-handheld")])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--annotate-every needs --annotate DIR"))
    }
}

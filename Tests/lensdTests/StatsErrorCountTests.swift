import Foundation
import Testing

/// `STATS.errors` and the `status` counters count every `ERROR` line lensd sends, control
/// replies included, not only frame and replay errors.
@Suite("STATS.errors counts the ERROR lines sent", .serialized)
struct StatsErrorCountTests {
    @Test("refused control messages are counted in the status counters and the final STATS")
    func refusedControlMessagesAreCounted() throws {
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "30", "--workers", "1", "--ocr", "regions", "--control", "stdin", "--rates-source", "offline",
            "--source", "USD", "--target", "EUR", LensdProcess.sample("stills/tags-01.png"),
        ])
        defer { daemon.terminate() }
        for line in ["this is not json", #"{"cmd":"currency","targets":["XXX"],"id":"no-rate"}"#, #"{"cmd":"frobnicate"}"#] {
            daemon.write(Data(line.utf8 + [0x0A]))
        }
        try #require(daemon.waitUntil(timeout: 30) { $0.messages("ERROR").count >= 3 }, "stderr: \(daemon.stderr)")
        daemon.write(Data(#"{"cmd":"status","id":"count"}"#.utf8 + [0x0A]))
        try #require(daemon.waitUntil(timeout: 30) { daemon in daemon.messages("ACK").contains { $0["id"] as? String == "count" } })
        let status = try #require(daemon.messages("ACK").first { $0["id"] as? String == "count" })
        let state = try #require(status["state"] as? [String: Any])
        let counters = try #require(state["counters"] as? [String: Any])
        let errorsSent = daemon.messages("ERROR").count
        #expect(errorsSent == 3)
        #expect(counters["errors"] as? Int == errorsSent)

        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 30) == 0)
        let final = try #require(daemon.messages("STATS").last)
        #expect(final["final"] as? Bool == true)
        #expect(final["errors"] as? Int == daemon.messages("ERROR").count)
    }
}

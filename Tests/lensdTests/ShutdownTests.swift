import Foundation
import Testing

/// Signals on a live daemon: graceful shutdown on the first, immediate exit on the second.
@Suite("Shutdown of a live daemon", .serialized)
struct ShutdownTests {
    static func startDaemon(_ extra: [String] = []) throws -> DaemonProcess {
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "30", "--workers", "1", "--control", "none",
            LensdProcess.sample("stills/tags-01.png"), "--target", "EUR",
        ] + extra)
        try #require(daemon.waitUntil(timeout: 30) { !$0.messages("OVERLAYS").isEmpty }, "stderr: \(daemon.stderr)")
        return daemon
    }

    @Test("stops capture on SIGTERM and SIGINT, finishes the frames in flight, ends with DEVICE inactive and the final STATS, exits 0", arguments: [SIGTERM, SIGINT])
    func gracefulShutdown(signal: Int32) throws {
        let daemon = try Self.startDaemon()
        defer { daemon.terminate() }
        daemon.signal(signal)
        #expect(daemon.waitForExit(timeout: 10) == 0, "stderr: \(daemon.stderr)")
        let messages = daemon.messages
        let tail = messages.suffix(2).compactMap { $0["class"] as? String }
        #expect(tail == ["DEVICE", "STATS"])
        #expect(messages.last?["final"] as? Bool == true)
        #expect(messages.dropLast().last?["state"] as? String == "inactive")
        let stats = try #require(messages.last)
        #expect((stats["frames_processed"] as? Int ?? 0) == daemon.messages("OVERLAYS").count)
    }

    @Test("exits at once with status 130 on a second signal during the graceful shutdown")
    func secondSignalExitsAtOnce() throws {
        // Every frame read whole keeps the workers busy, so the graceful shutdown (which finishes
        // the frames in flight) takes most of a second: a still read by lines is done in about
        // 0.1 s, too close to the 50 ms before the second signal.
        let daemon = try Self.startDaemon(["--workers", "2", "--queue-capacity", "8", "--fps", "60", "--schedule", "every-frame"])
        defer { daemon.terminate() }
        daemon.signal(SIGTERM)
        Thread.sleep(forTimeInterval: 0.05)
        daemon.signal(SIGINT)
        #expect(daemon.waitForExit(timeout: 5) == 130)
        #expect(daemon.messages("STATS").allSatisfy { $0["final"] as? Bool != true })
    }
}

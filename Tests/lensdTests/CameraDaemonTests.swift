import Foundation
import Testing

/// `lensd run` (a camera) is the same daemon as `replay`: control, socket clients and a clean stop,
/// even while the camera is absent and lensd waits for it.
@Suite("lensd run as a daemon", .serialized)
struct CameraDaemonTests {
    @Test("waiting for an absent camera, lensd answers control on stdin and sockets and stops cleanly on SIGTERM")
    func daemonWithoutCamera() throws {
        let scratch = try TemporaryPath()
        defer { scratch.remove() }
        let socket = scratch.file("lensd.sock")
        let daemon = try DaemonProcess(
            ["run", "--device", scratch.file("video-absent"), "--control", "stdin", "--listen", "unix:" + socket,
             "--rates-source", "offline", "--target", "EUR"])
        defer { daemon.terminate() }
        #expect(daemon.waitUntil(timeout: 20) { $0.messages("DEVICE").first?["state"] as? String == "inactive" })
        #expect(daemon.messages("DEVICE").first?["source"] as? String == "v4l2")
        let absent = scratch.file("video-absent")
        #expect(daemon.waitUntil(timeout: 10) { $0.stderr.contains("waiting for \(absent) to appear") }, "\(daemon.stderr)")
        #expect(daemon.stderr.contains("--device PATH (lensd devices lists them)"), "says how to pick another camera")

        daemon.write(Data(#"{"cmd":"status","id":"s1"}"#.utf8 + [0x0A]))
        daemon.write(Data(#"{"cmd":"torch","on":true,"id":"t1"}"#.utf8 + [0x0A]))
        #expect(daemon.waitUntil(timeout: 10) { $0.messages("ACK").contains { $0["id"] as? String == "s1" } })

        let client = try SocketClient(path: socket)
        #expect(daemon.waitUntil(timeout: 10) { _ in
            client.messages.contains { $0["class"] as? String == "RATES" }
        })
        #expect(client.messages.first?["class"] as? String == "VERSION")

        daemon.signal(SIGTERM)
        let status = daemon.waitForExit(timeout: 10)
        #expect(status == 0)
        #expect(daemon.messages("STATS").last?["final"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket file is removed on exit")
    }
}

@Suite("lensd replay zoom", .serialized)
struct ReplayZoomTests {
    @Test("a zoom control message crops the replayed frames from the next frame on; torch on is refused, torch off is acknowledged as absent")
    func zoomCrops() throws {
        let daemon = try DaemonProcess(
            ["replay", "--loop", "--fps", "10", "--workers", "1", "--control", "stdin", "--rates-source", "offline",
             "--target", "EUR", LensdProcess.sample("stills/tags-01.png")])
        defer { daemon.terminate() }
        #expect(daemon.waitUntil(timeout: 30) { $0.messages("OVERLAYS").contains { $0["width"] as? Int == 640 } })
        daemon.write(Data(#"{"cmd":"zoom","level":9,"id":"z"}"#.utf8 + [0x0A]))
        daemon.write(Data(#"{"cmd":"torch","on":true,"id":"t"}"#.utf8 + [0x0A]))
        daemon.write(Data(#"{"cmd":"torch","on":false,"id":"off"}"#.utf8 + [0x0A]))
        #expect(daemon.waitUntil(timeout: 30) { $0.messages("OVERLAYS").contains { $0["width"] as? Int == 160 } },
                "zoom 9 is clamped to 4: 640x480 becomes 160x120")
        let ack = try #require(daemon.messages("ACK").first { $0["id"] as? String == "z" })
        let zoom = try #require(ack["zoom"] as? [String: Any])
        #expect(zoom["level"] as? Double == 4 && zoom["kind"] as? String == "digital")
        let refusal = try #require(daemon.messages("ERROR").first { $0["id"] as? String == "t" })
        #expect((refusal["message"] as? String ?? "").contains("no torch"))
        #expect(daemon.waitUntil(timeout: 30) { $0.messages("ACK").contains { $0["id"] as? String == "off" } })
        let off = try #require(daemon.messages("ACK").first { $0["id"] as? String == "off" })
        #expect((off["torch"] as? [String: Bool]) == ["available": false, "on": false])
        #expect(daemon.messages("OVERLAYS").filter { $0["width"] as? Int == 160 }.allSatisfy { $0["height"] as? Int == 120 })
    }
}

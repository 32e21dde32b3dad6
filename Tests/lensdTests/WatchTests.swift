import Foundation
import Testing

/// `{"cmd":"watch"}`: each socket client chooses the classes it receives and a rate for
/// `OVERLAYS`; the others keep receiving everything.
@Suite("watch: a client's share of the stream", .serialized)
struct WatchTests {
    /// The messages of `lines` after the first control reply whose `req` is `req`.
    static func messages(after req: String, in lines: [String]) -> [[String: Any]] {
        let objects = lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        guard let reply = objects.firstIndex(where: { $0["req"] as? String == req }) else { return [] }
        return Array(objects[(reply + 1)...])
    }

    @Test("a client watching OVERLAYS at 5 fps gets only those, at that rate, and status reports it; another gets every class at every frame")
    func clientChoosesClassesAndRate() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let socket = temporary.file("lensd.sock")
        let daemon = try SocketFanOutTests.startDaemon(socket, ["--stats-interval", "0.5"])
        defer { daemon.terminate() }
        let watcher = try SocketClient(path: socket), everything = try SocketClient(path: socket)
        try #require(watcher.waitForLines(timeout: 30) { $0.contains { $0.hasPrefix(#"{"class":"OVERLAYS""#) } })

        watcher.send(#"{"cmd":"watch","classes":["OVERLAYS"],"fps":5,"req":"w"}"# + "\n")
        let enough = watcher.waitUntil(timeout: 60) { client in
            Self.messages(after: "w", in: client.lines).filter { $0["class"] as? String == "OVERLAYS" }.count >= 10
        }
        try #require(enough, "stderr: \(daemon.stderr)")
        watcher.send(#"{"cmd":"status","req":"s"}"# + "\n")
        try #require(watcher.waitUntil(timeout: 30) { client in client.messages.contains { $0["req"] as? String == "s" } })

        let ack = try #require(watcher.messages.first { $0["req"] as? String == "w" })
        #expect(ack["class"] as? String == "ACK")
        #expect((ack["watch"] as? [String: Any])?["classes"] as? [String] == ["OVERLAYS"])
        let status = try #require(watcher.messages.first { $0["req"] as? String == "s" })
        let watch = try #require(status["watch"] as? [String: Any])
        #expect(watch["classes"] as? [String] == ["OVERLAYS"])
        #expect(watch["fps"] as? Double == 5)

        let received = Self.messages(after: "w", in: watcher.lines).filter { $0["req"] == nil }
        #expect(Set(received.compactMap { $0["class"] as? String }) == ["OVERLAYS"])
        let times = received.compactMap { $0["time"] as? Double }
        let span = try #require(times.last.map { $0 - times[0] })
        // Frames are paced at 30 a second; the watcher gets one every fifth of a second.
        #expect(span > 0 && Double(times.count - 1) / span <= 5.5, "\(times.count) OVERLAYS in \(span) s")
        let all = everything.messages.filter { $0["class"] as? String == "OVERLAYS" }.compactMap { $0["time"] as? Double }
            .filter { $0 >= times[0] && $0 <= times[times.count - 1] }
        #expect(Double(all.count) >= 3 * Double(times.count), "the other client gets every frame")
        #expect(everything.messages.contains { $0["class"] as? String == "STATS" })
    }

    @Test("watch on stdin is refused: stdout carries every class")
    func stdinCannotWatch() throws {
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "30", "--workers", "1", "--control", "stdin", LensdProcess.sample("stills/tags-01.png"),
        ])
        defer { daemon.terminate() }
        daemon.write(Data((#"{"cmd":"watch","classes":["STATS"],"req":1}"# + "\n").utf8))
        let replied = daemon.waitUntil(timeout: 30) { $0.messages("ERROR").contains { $0["req"] as? Int == 1 } }
        #expect(replied, "stderr: \(daemon.stderr)")
        let error = daemon.messages("ERROR").first { $0["req"] as? Int == 1 }
        #expect((error?["message"] as? String)?.contains("socket client") == true)
    }
}

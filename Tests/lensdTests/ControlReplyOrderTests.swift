import Foundation
import Testing

/// Replies to one socket client's control messages: each carries the message's `req`, and they
/// come in the order the messages were sent, whichever are answered at once.
@Suite("Control replies of a live daemon", .serialized)
struct ControlReplyOrderTests {
    @Test("echoes each message's req and answers a client's messages in the order it sent them")
    func repliesComeInRequestOrder() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let socket = temporary.file("lensd.sock")
        let daemon = try SocketFanOutTests.startDaemon(socket, ["--rates-source", "offline"])
        defer { daemon.terminate() }
        let client = try SocketClient(path: socket)
        try #require(client.waitForLines(timeout: 30) { $0.contains { $0.hasPrefix(#"{"class":"OVERLAYS""#) } })

        // Queued for the next frame and answered at once, interleaved, in one write.
        let requests: [(line: String, req: Any)] = [
            (#"{"cmd":"zoom","level":2,"req":1}"#, 1),
            (#"{"cmd":"status","req":"s1"}"#, "s1"),
            (#"{"cmd":"lock","id":"p999","req":"l1"}"#, "l1"),
            (#"{"cmd":"rates","req":2}"#, 2),
            (#"{"cmd":"nope","req":3}"#, 3),
            (#"{"cmd":"unlock","req":"u1"}"#, "u1"),
            (#"{"cmd":"status","req":4}"#, 4),
        ]
        client.send(requests.map { $0.line + "\n" }.joined())
        let replied = client.waitUntil(timeout: 30) { $0.controlReplyCount >= requests.count }
        try #require(replied, "stderr: \(daemon.stderr)")

        let replies = client.lines.filter(SocketClient.isControlReply).compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(replies.count == requests.count)
        let tags = replies.map { "\($0["req"] ?? "none")" }
        #expect(tags == requests.map { "\($0.req)" })
        #expect(replies.map { $0["class"] as? String } == ["ACK", "ACK", "ERROR", "ACK", "ERROR", "ACK", "ACK"])
        #expect(replies[2]["id"] as? String == "p999", "a lock's track id is echoed beside its req")
    }
}

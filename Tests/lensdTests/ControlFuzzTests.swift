import Foundation
import Testing

/// Fuzzes the control channel of a live daemon with 100,000 lines and checks it is still healthy.
@Suite("Control fuzzing on a live daemon", .serialized)
struct ControlFuzzTests {
    static let lineCount = 100_000

    @Test("answers each of 100,000 random and mutated control lines with one ACK or ERROR and keeps processing frames")
    func survivesFuzzedControlLines() throws {
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "10", "--workers", "1", "--control", "stdin",
            LensdProcess.sample("stills/tags-01.png"), "--target", "EUR",
        ])
        defer { daemon.terminate() }
        try #require(daemon.waitUntil(timeout: 30) { !$0.messages("OVERLAYS").isEmpty }, "stderr: \(daemon.stderr)")

        var fuzzer = ControlLineFuzzer(seed: 0x1E45D)
        var batch = Data()
        var overlong = 0
        for index in 0..<Self.lineCount {
            let line = fuzzer.line()
            if line.count > 4096 { overlong += 1 }
            batch.append(contentsOf: line)
            batch.append(UInt8(ascii: "\n"))
            if batch.count > 1 << 16 || index == Self.lineCount - 1 {
                daemon.write(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        daemon.write(Data(#"{"cmd":"status","id":"after-fuzz"}"#.utf8 + [UInt8(ascii: "\n")]))

        func replies(_ daemon: DaemonProcess) -> Int {
            daemon.lines.count { $0.hasPrefix(#"{"class":"ACK""#) || ($0.hasPrefix(#"{"class":"ERROR""#) && $0.contains(#""concerns":"control""#)) }
        }
        let answered = daemon.waitUntil(timeout: 120) { replies($0) >= Self.lineCount + 1 }
        #expect(answered, "replies: \(replies(daemon)) of \(Self.lineCount + 1)")
        print("control fuzz: \(Self.lineCount) lines (\(overlong) overlong) → \(replies(daemon)) replies")

        let status = try #require(daemon.messages("ACK").last { ($0["id"] as? String) == "after-fuzz" })
        let state = try #require(status["state"] as? [String: Any])
        #expect(state["processing"] as? Bool == true)
        let processedBefore = daemon.messages("OVERLAYS").count
        #expect(daemon.waitUntil(timeout: 20) { $0.messages("OVERLAYS").count >= processedBefore + 3 }, "frames stopped after the fuzz")
        #expect(daemon.waitForExit(timeout: 0) == nil, "the daemon died: \(daemon.stderr)")
    }

    @Test("answers each of 100,000 fuzzed lines sent by a socket client, and other clients keep their stream")
    func survivesFuzzedSocketClient() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let socket = temporary.file("lensd.sock")
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "10", "--workers", "1", "--control", "none", "--listen", "unix:" + socket,
            LensdProcess.sample("stills/tags-01.png"), "--target", "EUR",
        ])
        defer { daemon.terminate() }
        try #require(daemon.waitUntil(timeout: 30) { !$0.messages("OVERLAYS").isEmpty }, "stderr: \(daemon.stderr)")
        let fuzzClient = try SocketClient(path: socket)
        let bystander = try SocketClient(path: socket)

        var fuzzer = ControlLineFuzzer(seed: 0x50C4E7)
        var bytes: [UInt8] = []
        for index in 0..<Self.lineCount {
            bytes.append(contentsOf: fuzzer.line())
            bytes.append(UInt8(ascii: "\n"))
            if bytes.count > 1 << 16 || index == Self.lineCount - 1 {
                fuzzClient.send(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        fuzzClient.send(#"{"cmd":"status","id":"after-fuzz"}"# + "\n")

        #expect(fuzzClient.waitUntil(timeout: 120) { $0.controlReplyCount >= Self.lineCount + 1 }, "replies: \(fuzzClient.controlReplyCount)")
        #expect(fuzzClient.lines.last { $0.contains(#""id":"after-fuzz""#) }?.contains(#""processing":true"#) == true)
        #expect(bystander.controlReplyCount == 0, "replies go only to the client that asked")
        let seen = SocketFanOutTests.overlayFrames(bystander.lines).count
        #expect(bystander.waitForLines(timeout: 20) { SocketFanOutTests.overlayFrames($0).count >= seen + 3 }, "the stream stopped")
        #expect(daemon.waitForExit(timeout: 0) == nil, "the daemon died: \(daemon.stderr)")
    }
}

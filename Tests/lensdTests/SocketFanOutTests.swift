import Foundation
import Testing

/// The socket server of a live daemon: banner, identical streams to many clients, slow clients.
@Suite("Socket clients of a live daemon", .serialized)
struct SocketFanOutTests {
    static func startDaemon(_ socket: String, _ extra: [String] = []) throws -> DaemonProcess {
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "30", "--workers", "1", "--control", "none",
            "--listen", "unix:" + socket, LensdProcess.sample("stills/tags-01.png"), "--target", "EUR",
        ] + extra)
        try #require(daemon.waitUntil(timeout: 30) { !$0.messages("OVERLAYS").isEmpty }, "stderr: \(daemon.stderr)")
        return daemon
    }

    static func overlayFrames(_ lines: [String]) -> [Int] {
        lines.compactMap { line in
            guard line.hasPrefix(#"{"class":"OVERLAYS""#),
                  let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["frame"] as? Int
        }
    }

    @Test("sends 50 concurrent clients the banner and then byte-identical streams, ending with the final STATS")
    func fiftyClientsReceiveIdenticalStreams() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let socket = temporary.file("lensd.sock")
        let daemon = try Self.startDaemon(socket)
        defer { daemon.terminate() }

        var mode = stat()
        #expect(stat(socket, &mode) == 0 && mode.st_mode & 0o777 == 0o660)

        let clients = try (0..<50).map { _ in try SocketClient(path: socket) }
        let last = try #require(clients.last)
        try #require(daemon.waitUntil(timeout: 60) { _ in Self.overlayFrames(last.lines).count >= 5 })
        daemon.signal(SIGTERM)
        // A detection job in flight finishes first: on a loaded machine that takes seconds.
        #expect(daemon.waitForExit(timeout: 30) == 0)
        #expect(clients.allSatisfy { client in
            (0..<200).contains { _ in
                if client.hasEnded { return true }
                Thread.sleep(forTimeInterval: 0.05)
                return false
            }
        })

        for client in clients {
            let classes = client.messages.prefix(3).compactMap { $0["class"] as? String }
            #expect(classes == ["VERSION", "DEVICE", "RATES"])
        }
        let firstShared = try #require(Self.overlayFrames(last.lines).first)
        let streams = clients.map { client in
            Array(client.lines.drop { !($0.hasPrefix(#"{"class":"OVERLAYS""#) && $0.contains(#""frame":\#(firstShared),"#)) })
        }
        let reference = try #require(streams.first)
        #expect(reference.count >= 5)
        #expect(reference.last?.hasPrefix(#"{"class":"STATS""#) == true)
        #expect(streams.allSatisfy { $0 == reference })
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket file is removed on exit")
    }

    @Test("disconnects a stalled client with a log line and a last ERROR it reads, while the others and stdout keep receiving every frame")
    func stalledClientIsDisconnected() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let socket = temporary.file("lensd.sock")
        let daemon = try Self.startDaemon(socket, ["--client-buffer", "4096", "--stats-interval", "1"])
        defer { daemon.terminate() }

        let stalled = try SocketClient(path: socket, reading: false, receiveBuffer: 4096)
        let others = try (0..<5).map { _ in try SocketClient(path: socket) }
        let disconnected = daemon.waitUntil(timeout: 90) { $0.stderr.contains("fell behind") }
        #expect(disconnected, "stderr: \(daemon.stderr)")
        let afterDrop = daemon.messages("OVERLAYS").count
        // A client that comes back a second after it was dropped (the delay is what is tested, no
        // signal stands for it) gets what the network held, then the ERROR, then the end.
        Thread.sleep(forTimeInterval: 1)
        stalled.readToEnd()
        #expect(stalled.hasEnded)
        let last = try #require(stalled.lines.last)
        #expect(last.hasPrefix(#"{"class":"ERROR""#) && last.contains(#""concerns":"client""#) && last.contains("fell behind"), "\(last)")
        #expect(daemon.waitUntil(timeout: 30) { $0.messages("OVERLAYS").count >= afterDrop + 5 }, "the pipeline stalled")

        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0)

        let stdoutFrames = Self.overlayFrames(daemon.lines)
        for client in others {
            _ = (0..<200).first { _ in client.hasEnded || { Thread.sleep(forTimeInterval: 0.05); return false }() }
            let frames = Self.overlayFrames(client.lines)
            let first = try #require(frames.first)
            #expect(frames == Array(stdoutFrames.drop { $0 != first }), "a client kept up with stdout")
        }
        let stats = try #require(daemon.messages("STATS").last)
        #expect((stats["drops"] as? [String: Any])?["clients"] as? Int == 1)
        #expect(stats["final"] as? Bool == true)
    }

    @Test("replaces a stale socket file left by a crash but refuses to start over a live one")
    func staleSocketIsReplaced() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let socket = temporary.file("lensd.sock")
        let crashed = try Self.startDaemon(socket)
        crashed.signal(SIGKILL)
        _ = crashed.waitForExit(timeout: 10)
        #expect(FileManager.default.fileExists(atPath: socket), "a killed daemon leaves its socket file")

        let daemon = try Self.startDaemon(socket)
        defer { daemon.terminate() }
        let client = try SocketClient(path: socket)
        #expect(daemon.waitUntil(timeout: 20) { _ in client.messages.first?["class"] as? String == "VERSION" })

        let second = try DaemonProcess(["replay", "--control", "none", "--listen", "unix:" + socket, LensdProcess.sample("stills/tags-01.png")])
        #expect(second.waitForExit(timeout: 30) == 3)
        #expect(second.stderr.contains("in use"))
    }

    @Test("a TCP address another program listens on is reported in a plain sentence, exit 3")
    func addressInUseIsASentence() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let daemon = try DaemonProcess(["replay", "--control", "none", "--listen", "tcp:127.0.0.1:\(port)", LensdProcess.sample("stills/tags-01.png")])
        #expect(daemon.waitForExit(timeout: 30) == 3)
        #expect(daemon.stderr.contains("cannot listen on tcp:127.0.0.1:\(port): the address is in use"), "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("bind("), "\(daemon.stderr)")
    }

    @Test("serves the banner and control replies over TCP on loopback when only a port is given")
    func servesTCPOnLoopback() throws {
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "30", "--workers", "1", "--control", "none", "--listen", "tcp:0",
            LensdProcess.sample("stills/tags-01.png"), "--target", "EUR",
        ])
        defer { daemon.terminate() }
        try #require(daemon.waitUntil(timeout: 30) { $0.stderr.contains("listening on tcp:127.0.0.1:") }, "stderr: \(daemon.stderr)")
        let announced = try #require(daemon.stderr.split(separator: "\n").first { $0.contains("listening on tcp:") })
        let port = try #require(announced.split(separator: ":").last.flatMap { UInt16($0) })

        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let request = Array(#"{"cmd":"status","id":"tcp"}"#.utf8) + [UInt8(ascii: "\n")]
        _ = request.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while !String(decoding: received, as: UTF8.self).contains(#""id":"tcp""#) {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
        }
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"class":"VERSION""#) == true)
        #expect(lines.contains { $0.hasPrefix(#"{"class":"ACK","cmd":"status","id":"tcp""#) })
    }
}

import Foundation

/// A test client of lensd's Unix socket: connects, collects everything it reads on a thread of
/// its own (unless told to stall), and sends lines.
final class SocketClient: @unchecked Sendable {
    enum ConnectError: Error { case failed(Int32) }

    let descriptor: Int32
    private let lock = NSLock()
    private var pending = Data()
    private var complete: [String] = []
    private var controlReplies = 0
    private var ended = false

    /// Connects to `path`; with `reading: false` the client never reads (a stalled client).
    init(path: String, reading: Bool = true, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ConnectError.failed(errno) }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let error = errno
            close(descriptor)
            throw ConnectError.failed(error)
        }
        if reading {
            Thread.detachNewThread { [self] in readToEnd() }
        }
    }

    /// Reads until end of stream; for a stalled client, called by the test once it stops stalling.
    func readToEnd() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            lock.withLock {
                pending.append(contentsOf: buffer[0..<count])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    if Self.isControlReply(line) { controlReplies += 1 }
                    complete.append(line)
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
        }
        lock.withLock { ended = true }
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Complete lines received so far.
    var lines: [String] {
        lock.withLock { complete }
    }

    /// How many `ACK` and control `ERROR` lines arrived.
    var controlReplyCount: Int {
        lock.withLock { controlReplies }
    }

    static func isControlReply(_ line: String) -> Bool {
        line.hasPrefix(#"{"class":"ACK""#) || (line.hasPrefix(#"{"class":"ERROR""#) && line.contains(#""concerns":"control""#))
    }

    var messages: [[String: Any]] {
        lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    var hasEnded: Bool { lock.withLock { ended } }

    /// Polls until `condition` holds on the lines received or `timeout` seconds pass.
    func waitUntil(timeout: Double, _ condition: (SocketClient) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(self) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition(self)
    }

    func waitForLines(timeout: Double, _ condition: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(lines) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition(lines)
    }

    deinit {
        close(descriptor)
    }
}

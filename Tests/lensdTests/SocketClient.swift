import Foundation

/// A test client of lensd's Unix socket: connects, collects everything it reads on a thread of
/// its own (unless told to stall), and sends lines.
final class SocketClient: @unchecked Sendable {
    enum ConnectError: Error { case failed(Int32) }

    let descriptor: Int32
    private let lock = NSLock()
    private var received = Data()
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
            lock.withLock { received.append(contentsOf: buffer[0..<count]) }
        }
        lock.withLock { ended = true }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Complete lines received so far.
    var lines: [String] {
        lock.withLock {
            let text = String(decoding: received, as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.removeLast()
            return lines
        }
    }

    var messages: [[String: Any]] {
        lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    var hasEnded: Bool { lock.withLock { ended } }

    /// Polls until `condition` holds on the lines received or `timeout` seconds pass.
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

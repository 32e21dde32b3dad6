import Foundation

/// A test's HTTP/1.1 client over a plain TCP socket to 127.0.0.1: one request per connection
/// (`Connection: close`), or a long response read as it arrives (`/events`, `/stream.mjpg`).
final class HTTPTestClient: @unchecked Sendable {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    enum Failure: Error { case connect(Int32), malformed(String) }

    let descriptor: Int32
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var ended = false

    /// Connects to `port` and sends `method path` with `body`; reads on a thread of its own
    /// unless `reading` is false (a client that stalls).
    init(port: Int, method: String = "GET", path: String, body: String? = nil, reading: Bool = true, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.connect(errno) }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let error = errno
            close(descriptor)
            throw Failure.connect(error)
        }
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)" } else { request += "\r\n" }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        if reading {
            Thread.detachNewThread { [self] in readToEnd() }
        }
    }

    deinit { close(descriptor) }

    /// Reads until the server closes; for a stalled client, called by the test once it stops stalling.
    func readToEnd() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            lock.withLock { received.append(contentsOf: buffer[0..<count]) }
        }
        lock.withLock { ended = true }
    }

    var bytes: [UInt8] { lock.withLock { received } }
    var hasEnded: Bool { lock.withLock { ended } }

    /// Polls until `condition` holds or `timeout` seconds pass.
    func waitUntil(timeout: Double, _ condition: (HTTPTestClient) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(self) { return true }
            usleep(5_000)
        }
        return condition(self)
    }

    /// The whole response, once the server has closed the connection.
    func response(timeout: Double = 10) throws -> Response {
        guard waitUntil(timeout: timeout, { $0.hasEnded }) else { throw Failure.malformed("no end of response within \(timeout) s") }
        return try Self.parse(bytes)
    }

    /// Splits status line, headers and body (de-chunking a chunked body).
    static func parse(_ data: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, data.count - 3)).first(where: { Array(data[$0..<$0 + 4]) == separator }) else {
            throw Failure.malformed("no header end")
        }
        let head = String(decoding: data[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            throw Failure.malformed("bad status line")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(data[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" {
            body = dechunked(body)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// The payload of a chunked body (as much as has arrived).
    static func dechunked(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [], index = 0
        while index < data.count {
            guard let lineEnd = (index..<max(index, data.count - 1)).first(where: { data[$0] == 13 && data[$0 + 1] == 10 }),
                  let size = Int(String(decoding: data[index..<lineEnd], as: UTF8.self), radix: 16), size > 0
            else { break }
            let start = lineEnd + 2
            output += data[start..<min(data.count, start + size)]
            index = start + size + 2
        }
        return output
    }

    /// The `data:` payloads of the Server-Sent Events received so far.
    var events: [String] {
        let text = String(decoding: bodyBytes, as: UTF8.self)
        return text.components(separatedBy: "\n\n").compactMap { event in
            event.hasPrefix("data: ") ? String(event.dropFirst(6)) : nil
        }
    }

    private var bodyBytes: [UInt8] {
        (try? Self.parse(bytes).body) ?? []
    }
}

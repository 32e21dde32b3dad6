import Foundation
import SystemCalls
import SystemPackage

/// Tells the service manager how the daemon is doing: sd_notify(3)'s protocol, one datagram of
/// `KEY=VALUE` lines (`READY=1`, `STATUS=…`, `WATCHDOG=1`, `STOPPING=1`) sent with `sendto(2)` on
/// an `AF_UNIX` datagram socket to the path in `NOTIFY_SOCKET` (a leading `@` names an abstract
/// socket). Owns the socket, closed when the notifier goes.
///
/// Exists only when systemd started lensd with a notify socket (`Type=notify`).
public final class SystemdNotifier: Sendable {
    /// Why a notification could not be sent.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The system call that failed (`socket`, `sendto`).
        public var call: String
        public var errno: Errno
        public var description: String { "cannot notify the service manager: \(call): \(errno.description)" }
    }

    private let descriptor: Int32
    private let address: sockaddr_un
    private let addressLength: socklen_t

    /// The notifier for `NOTIFY_SOCKET`, or nil when it is unset, empty or too long a path.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(Failure) -> SystemdNotifier? {
        guard let path = environment["NOTIFY_SOCKET"], path.hasPrefix("/") || path.hasPrefix("@") else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(call: "socket", errno: Errno(rawValue: errno)) }
        return SystemdNotifier(descriptor: descriptor, address: address, addressLength: length)
    }

    private init(descriptor: Int32, address: sockaddr_un, addressLength: socklen_t) {
        self.descriptor = descriptor
        self.address = address
        self.addressLength = addressLength
    }

    /// Sends `fields` as one datagram, in their order; a newline in a value becomes a space.
    public func notify(_ fields: KeyValuePairs<String, String>) throws(Failure) {
        let text = fields.map { "\($0.key)=\($0.value.replacingOccurrences(of: "\n", with: " "))" }.joined(separator: "\n")
        let bytes = Array(text.utf8)
        var address = self.address
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    Result { () throws(Errno) -> Int in
                        try SystemCall.retryingInterrupts { sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), socketAddress, addressLength) }
                    }
                }
            }
        }
        if case .failure(let error) = sent { throw Failure(call: "sendto", errno: error) }
    }

    deinit {
        try? FileDescriptor(rawValue: descriptor).close()
    }
}

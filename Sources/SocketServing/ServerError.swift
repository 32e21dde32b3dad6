import Foundation
import NIOCore

/// Why the socket server could not start.
public enum ServerError: Error, CustomStringConvertible, Sendable {
    /// The path exists and is not a socket: lensd never removes other files.
    case notASocket(path: String)
    /// Another process accepts connections on the socket.
    case inUse(path: String)
    /// Binding failed (address in use, permission denied…).
    case bindFailed(address: String, reason: String)

    public var description: String {
        switch self {
        case .notASocket(let path): "\(path) exists and is not a socket; not replacing it"
        case .inUse(let path): "\(path) is in use by another process (is lensd already running?)"
        case .bindFailed(let address, let reason): "cannot listen on \(address): \(reason)"
        }
    }

    /// A bind's failure as a sentence: what the errno of NIO's `IOError` means for a listener,
    /// not the system call that returned it.
    static func reason(_ error: any Error) -> String {
        guard let io = error as? IOError else { return "\(error)" }
        switch io.errnoCode {
        case EADDRINUSE: return "the address is in use (is another lensd, or another server, listening there?)"
        case EACCES: return "permission denied (ports below 1024 need privileges)"
        case EADDRNOTAVAIL: return "no network interface of this machine has that address"
        default: return String(cString: strerror(io.errnoCode))
        }
    }
}

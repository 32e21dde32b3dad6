/// Why the socket server could not start.
enum ServerError: Error, CustomStringConvertible, Sendable {
    /// The path exists and is not a socket: lensd never removes other files.
    case notASocket(path: String)
    /// Another process accepts connections on the socket.
    case inUse(path: String)
    /// Binding failed (address in use, permission denied…).
    case bindFailed(address: String, reason: String)

    var description: String {
        switch self {
        case .notASocket(let path): "\(path) exists and is not a socket; not replacing it"
        case .inUse(let path): "\(path) is in use by another process (is lensd already running?)"
        case .bindFailed(let address, let reason): "cannot listen on \(address): \(reason)"
        }
    }
}

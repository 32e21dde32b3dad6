import LensProtocol

/// Why a control line was refused; the reply is an `ERROR` with ``message`` and nothing changes.
struct ControlRejection: Error, Sendable, Equatable {
    /// One sentence for the client.
    var message: String
    /// The command the line named, when it could be read.
    var command: String?
    /// The line's `id`, when it could be read.
    var id: RequestID?
    /// The line's `req`, when it could be read.
    var req: RequestID? = nil
}

import LensProtocol

/// One parsed control message: the command and the `id` and `req` to echo.
struct ControlRequest: Sendable, Equatable {
    var command: ControlCommand
    var id: RequestID?
    var req: RequestID? = nil
}

import LensProtocol

/// One parsed control message: the command and the `id` and `req` to echo.
public struct ControlRequest: Sendable, Equatable {
    public var command: ControlCommand
    public var id: RequestID?
    public var req: RequestID? = nil
}

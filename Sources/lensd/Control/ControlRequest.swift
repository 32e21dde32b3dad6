/// One parsed control message: the command and the `id` to echo.
struct ControlRequest: Sendable, Equatable {
    var command: ControlCommand
    var id: RequestID?
}

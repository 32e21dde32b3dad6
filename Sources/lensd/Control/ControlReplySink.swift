/// Where the reply to a control message goes: the client that sent it, or stdout for `--control stdin`.
protocol ControlReplySink: Sendable {
    /// Sends one reply line; never blocks (a sink that cannot keep up drops the reply).
    func send<Message: ProtocolMessage>(_ message: Message)
}

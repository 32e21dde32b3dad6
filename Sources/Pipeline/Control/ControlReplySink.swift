import LensProtocol

/// Where the reply to a control message goes: the client that sent it, or stdout for `--control stdin`.
public protocol ControlReplySink: Sendable {
    /// Sends one reply line; never blocks (a sink that cannot keep up drops the reply).
    func send<Message: ProtocolMessage>(_ message: Message)
    /// The connection whose share of the stream a `watch` chooses; nil where there is none to
    /// choose (stdout carries every class).
    var subscriber: (any StreamSubscriber)? { get }
}

extension ControlReplySink {
    /// The connection whose share of the stream a `watch` chooses; nil where there is none to
    /// choose (stdout carries every class).
    var subscriber: (any StreamSubscriber)? { nil }
}

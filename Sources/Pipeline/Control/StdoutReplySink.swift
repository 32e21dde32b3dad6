import LensProtocol

/// Replies to control messages read from stdin go to stdout, into the stream, but not to socket clients.
struct StdoutReplySink: ControlReplySink {
    let events: EventStream

    func send<Message: ProtocolMessage>(_ message: Message) {
        events.emitToStdout(message)
    }
}

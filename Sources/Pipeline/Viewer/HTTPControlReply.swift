import Foundation
import LensProtocol

/// Where the reply to a `POST /control` goes: the HTTP response, once, as the protocol's line.
struct HTTPControlReply: ControlReplySink {
    let events: EventStream
    let respond: @Sendable (_ line: [UInt8], _ accepted: Bool) -> Void

    func send<Message: ProtocolMessage>(_ message: Message) {
        let line = events.encodedLine(message).map { Array($0) } ?? Array(#"{"class":"ERROR","message":"reply could not be encoded","concerns":"control"}"#.utf8)
        respond(line, Message.className == AckMessage.className)
    }
}

import LensProtocol
import Synchronization
import Testing
@testable import Pipeline

/// A sink that records the `cmd` of every reply it is sent, in order.
private final class RecordingSink: ControlReplySink {
    let sent = Mutex<[String]>([])

    func send<Message: ProtocolMessage>(_ message: Message) {
        guard let ack = message as? AckMessage else { return }
        sent.withLock { $0.append(ack.cmd) }
    }
}

@Suite("Replies in request order")
struct ReplyOrderTests {
    @Test("holds a reply back until every earlier request has had its reply")
    func holdsLaterRepliesBack() {
        let sink = RecordingSink()
        let order = ReplyOrder()
        let zoom = order.slot(replyingTo: sink), status = order.slot(replyingTo: sink), rates = order.slot(replyingTo: sink)
        status.send(AckMessage(cmd: "status", id: nil))
        rates.send(AckMessage(cmd: "rates", id: nil))
        #expect(sink.sent.withLock { $0 }.isEmpty)
        #expect(order.waitingCount == 2)
        zoom.send(AckMessage(cmd: "zoom", id: nil))
        #expect(sink.sent.withLock { $0 } == ["zoom", "status", "rates"])
        #expect(order.waitingCount == 0)
    }

    @Test("sends one reply per request and lets a request released without one give up its turn")
    func releasedSlotGivesUpItsTurn() {
        let sink = RecordingSink()
        let order = ReplyOrder()
        var dropped: ReplySlot? = order.slot(replyingTo: sink)
        let later = order.slot(replyingTo: sink)
        later.send(AckMessage(cmd: "status", id: nil))
        later.send(AckMessage(cmd: "status again", id: nil))
        #expect(sink.sent.withLock { $0 }.isEmpty)
        #expect(dropped != nil)
        dropped = nil
        #expect(sink.sent.withLock { $0 } == ["status"])
    }
}

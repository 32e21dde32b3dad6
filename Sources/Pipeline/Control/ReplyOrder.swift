import LensProtocol
import Synchronization

/// Keeps one client's control replies in the order its requests came: `status` is answered at
/// once and `zoom` after the next frame, yet a client that sent `zoom` then `status` gets their
/// replies in that order.
///
/// Each request takes a ``ReplySlot`` when it arrives; a reply sent into a slot goes out once every
/// earlier slot has sent its reply or been given up (a slot released without a reply).
public final class ReplyOrder: Sendable {
    private struct State {
        var issued = 0
        var released = 0
        /// Replies of slots whose turn has not come, by slot number; `nil` for a slot given up.
        var waiting: [Int: (@Sendable () -> Void)?] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// The next request's place in line; its reply goes to `sink`.
    public func slot(replyingTo sink: any ControlReplySink) -> ReplySlot {
        let number = state.withLock { state in
            defer { state.issued += 1 }
            return state.issued
        }
        return ReplySlot(order: self, number: number, sink: sink)
    }

    /// Hands in a slot's reply (`nil`: none) and sends every reply whose turn has come. Sinks
    /// never block, so replies are sent under the lock: two threads cannot reorder them.
    fileprivate func fill(_ number: Int, with reply: (@Sendable () -> Void)?) {
        state.withLock { state in
            state.waiting[number] = .some(reply)
            while let next = state.waiting.removeValue(forKey: state.released) {
                next?()
                state.released += 1
            }
        }
    }

    /// Replies waiting for an earlier one.
    public var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }
}

/// One request's place in its client's ``ReplyOrder``: a ``ControlReplySink`` that takes the
/// request's one reply (later ones are ignored) and gives its turn up when released unused.
public final class ReplySlot: ControlReplySink {
    private let order: ReplyOrder
    private let number: Int
    private let sink: any ControlReplySink
    private let used = Atomic(false)

    fileprivate init(order: ReplyOrder, number: Int, sink: any ControlReplySink) {
        self.order = order
        self.number = number
        self.sink = sink
    }

    public var subscriber: (any StreamSubscriber)? { sink.subscriber }

    public func send<Message: ProtocolMessage>(_ message: Message) {
        guard used.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        let sink = self.sink
        order.fill(number) { sink.send(message) }
    }

    deinit {
        if !used.load(ordering: .acquiring) { order.fill(number, with: nil) }
    }
}

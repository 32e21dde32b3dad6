import DequeModule
import Synchronization

/// Control requests on their way into the pipeline: producers (stdin, socket clients) append,
/// the ordered stage takes them all before its next frame. Bounded: a full inbox refuses.
///
/// This is the only way control reaches the ordered stage (`zoom` and `torch` go to the capture
/// loop instead, through ``CaptureControlRelay``); nothing flows back through it.
public final class ControlInbox: Sendable {
    private struct State {
        var pending: Deque<PendingControl> = []
        var closed = false
    }

    /// Requests that may wait at once.
    let capacity: Int
    private let state = Mutex(State())

    public init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// Queues a request; false when the inbox is full or closed.
    func post(_ control: PendingControl) -> Bool {
        state.withLock { state in
            guard !state.closed, state.pending.count < capacity else { return false }
            state.pending.append(control)
            return true
        }
    }

    /// Everything waiting, oldest first.
    func takeAll() -> [PendingControl] {
        state.withLock { state in
            defer { state.pending.removeAll() }
            return Array(state.pending)
        }
    }

    /// Refuses further requests and returns those still waiting, which will not be applied.
    public func close() -> [PendingControl] {
        state.withLock { state in
            state.closed = true
            defer { state.pending.removeAll() }
            return Array(state.pending)
        }
    }
}

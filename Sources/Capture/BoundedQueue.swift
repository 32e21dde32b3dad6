import DequeModule
import Dispatch
import Synchronization

/// The bounded hand-off between the capture thread and the OCR thread.
///
/// State lives in a `Mutex`; threads that must wait sleep on a `DispatchSemaphore` (one for
/// "an element arrived", one for "room was made"). Every waiter registers itself under the lock
/// before it sleeps and every signal is paid to exactly one registered waiter, so no wake-up is
/// lost or spurious. All stored properties are `Sendable` (`Mutex`, `DispatchSemaphore`), so the
/// class is checked `Sendable` without `@unchecked`.
///
/// Tickets number popped elements 0, 1, 2, … in pop order with no gaps, whatever was dropped.
public final class BoundedQueue<Element: Sendable>: Sendable {
    /// What ``push(_:)`` does when the queue is full.
    public enum OverflowPolicy: Sendable, Equatable {
        /// Discard the oldest element to make room and never block (live camera: stay current).
        case dropOldest
        /// Wait until a consumer makes room (replay: lose nothing).
        case block
    }

    /// One popped element with its ticket.
    public struct Dequeued: Sendable {
        /// 0, 1, 2, … in pop order, without gaps.
        public let ticket: UInt64
        /// The element.
        public let element: Element
    }

    private struct State {
        var elements: Deque<Element> = []
        var closed = false
        var nextTicket: UInt64 = 0
        var maxDepth = 0
        var droppedCount = 0
        var waitingPoppers = 0
        var waitingPushers = 0
    }

    private enum PushOutcome {
        case done(refusedOrDropped: Element?)
        case wait
    }

    private enum PopOutcome {
        case done(Dequeued?)
        case wait
    }

    /// The most elements held at once (at least 1).
    public let capacity: Int
    /// The overflow policy.
    public let policy: OverflowPolicy

    private let state = Mutex(State())
    private let elementArrived = DispatchSemaphore(value: 0)
    private let roomMade = DispatchSemaphore(value: 0)

    /// A queue holding at most `capacity` elements; a capacity below 1 is raised to 1.
    public init(capacity: Int = 2, policy: OverflowPolicy) {
        self.capacity = max(1, capacity)
        self.policy = policy
    }

    /// Appends `element`.
    ///
    /// With ``OverflowPolicy/dropOldest`` it never blocks and returns the oldest element, dropped
    /// to make room, if the queue was full. With ``OverflowPolicy/block`` it waits for room and
    /// returns `nil`. After ``close()`` it returns `element` itself, refused, without blocking.
    @discardableResult
    public func push(_ element: Element) -> Element? {
        while true {
            let outcome = state.withLock { state -> PushOutcome in
                if state.closed {
                    return .done(refusedOrDropped: element)
                }
                if state.elements.count < capacity {
                    state.elements.append(element)
                    state.maxDepth = max(state.maxDepth, state.elements.count)
                    if state.waitingPoppers > 0 {
                        state.waitingPoppers -= 1
                        elementArrived.signal()
                    }
                    return .done(refusedOrDropped: nil)
                }
                switch policy {
                case .dropOldest:
                    let oldest = state.elements.removeFirst()
                    state.elements.append(element)
                    state.droppedCount += 1
                    return .done(refusedOrDropped: oldest)
                case .block:
                    state.waitingPushers += 1
                    return .wait
                }
            }
            switch outcome {
            case let .done(element):
                return element
            case .wait:
                roomMade.wait()
            }
        }
    }

    /// Removes the oldest element, waiting until there is one; `nil` once the queue is closed and
    /// empty.
    public func pop() -> Dequeued? {
        while true {
            let outcome = state.withLock { state -> PopOutcome in
                if let element = state.elements.popFirst() {
                    let ticket = state.nextTicket
                    state.nextTicket += 1
                    if state.waitingPushers > 0 {
                        state.waitingPushers -= 1
                        roomMade.signal()
                    }
                    return .done(Dequeued(ticket: ticket, element: element))
                }
                if state.closed {
                    return .done(nil)
                }
                state.waitingPoppers += 1
                return .wait
            }
            switch outcome {
            case let .done(dequeued):
                return dequeued
            case .wait:
                elementArrived.wait()
            }
        }
    }

    /// Refuses further pushes and wakes every waiting thread; elements already queued can still be
    /// popped.
    public func close() {
        state.withLock { state in
            state.closed = true
            for _ in 0..<state.waitingPoppers {
                elementArrived.signal()
            }
            for _ in 0..<state.waitingPushers {
                roomMade.signal()
            }
            state.waitingPoppers = 0
            state.waitingPushers = 0
        }
    }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { state.withLock { $0.closed } }
    /// Elements queued now.
    public var depth: Int { state.withLock { $0.elements.count } }
    /// The most elements ever queued at once (high-water mark).
    public var maxDepth: Int { state.withLock { $0.maxDepth } }
    /// Elements discarded by ``OverflowPolicy/dropOldest``.
    public var droppedCount: Int { state.withLock { $0.droppedCount } }
}

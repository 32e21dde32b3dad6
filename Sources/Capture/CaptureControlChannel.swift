import DequeModule
import Dispatch
import Synchronization

/// The path zoom and torch requests take to a capture source: any thread posts a request with the
/// closure that takes its answer; the source's capture loop takes every waiting request between two
/// frames, applies it with its own device calls, and answers.
///
/// Nothing that posts ever touches the device or waits. Each request is answered exactly once:
/// by the capture loop; with ``ControlError/timedOut(source:seconds:)`` when the loop has not taken
/// it within its timeout (the loop is blocked, e.g. on a stalled stream), in which case it is
/// never applied; with ``ControlError/captureStopped`` once the channel is closed; with
/// ``ControlError/tooManyRequests(capacity:)`` when ``capacity`` requests are already waiting.
/// Requests are applied, and answered by the loop, in the order they were posted.
public final class CaptureControlChannel: Sendable {
    /// Takes a request's answer: the zoom and torch in effect after it, or why it failed. Called
    /// once, on the capture thread, a timer's thread, or the posting thread; it must not block.
    public typealias Reply = @Sendable (Result<CaptureControlState, ControlError>) -> Void

    private struct Entry: Sendable {
        let number: UInt64
        let request: CaptureControlRequest
        let reply: Reply
    }

    private struct State {
        var pending: Deque<Entry> = []
        var nextNumber: UInt64 = 0
        var closed = false
    }

    /// How long a request waits for the capture loop by default; a camera's loop comes round at
    /// least every poll timeout (half a second) and every 50 ms while it waits to reconnect.
    public static let defaultTimeout: Duration = .seconds(3)

    /// The source the requests are for (named in errors).
    public let source: String
    /// Requests that may wait at once; more are refused.
    public let capacity: Int
    private let state = Mutex(State())

    /// A channel to the source named `source`, holding at most `capacity` waiting requests.
    public init(source: String, capacity: Int = 64) {
        self.source = source
        self.capacity = max(1, capacity)
    }

    /// Queues `request` for the capture loop; `reply` gets its answer. With a `timeout`, a request
    /// the loop has not taken by then is withdrawn and answered with
    /// ``ControlError/timedOut(source:seconds:)``; `nil` waits for the loop however long it takes
    /// (settings asked for at start, before the loop runs).
    public func post(_ request: CaptureControlRequest, timeout: Duration? = CaptureControlChannel.defaultTimeout, reply: @escaping Reply) {
        let capacity = self.capacity
        let queued = state.withLock { (state) -> Result<UInt64, ControlError> in
            guard !state.closed else { return .failure(.captureStopped) }
            guard state.pending.count < capacity else { return .failure(.tooManyRequests(capacity: capacity)) }
            let number = state.nextNumber
            state.nextNumber += 1
            state.pending.append(Entry(number: number, request: request, reply: reply))
            return .success(number)
        }
        switch queued {
        case .failure(let error):
            reply(.failure(error))
        case .success(let number):
            guard let timeout else { return }
            let seconds = Self.seconds(timeout)
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { [self] in
                expire(number, afterSeconds: seconds)
            }
        }
    }

    /// Applies every waiting request, oldest first, with `apply`, and answers each with its result.
    /// Called by the capture loop between frames, on its own thread.
    func drain(_ apply: (CaptureControlRequest) -> Result<CaptureControlState, ControlError>) {
        let taken = state.withLock { state -> Deque<Entry> in
            defer { state.pending.removeAll() }
            return state.pending
        }
        for entry in taken {
            entry.reply(apply(entry.request))
        }
    }

    /// Refuses further requests and answers those still waiting with ``ControlError/captureStopped``.
    public func close() {
        let unanswered = state.withLock { state -> Deque<Entry> in
            state.closed = true
            defer { state.pending.removeAll() }
            return state.pending
        }
        for entry in unanswered {
            entry.reply(.failure(.captureStopped))
        }
    }

    /// Requests waiting for the capture loop.
    public var waitingCount: Int {
        state.withLock { $0.pending.count }
    }

    /// Withdraws request `number` if the capture loop has not taken it, answering it as timed out.
    private func expire(_ number: UInt64, afterSeconds seconds: Double) {
        let withdrawn = state.withLock { state -> Entry? in
            guard let index = state.pending.firstIndex(where: { $0.number == number }) else { return nil }
            return state.pending.remove(at: index)
        }
        withdrawn?.reply(.failure(.timedOut(source: source, seconds: seconds)))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}

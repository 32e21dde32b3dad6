#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SystemCalls

/// Holds a replay to real time: sleeps until each frame is due with
/// `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, …)`, so the schedule never drifts.
///
/// The schedule starts at the first call of ``waitForFrame(_:)``: that frame is due at once, and
/// frame `i` is due `(i - first) / framesPerSecond` seconds later. A frame that is already late
/// is not waited for, and does not shift the frames after it. Sequence numbers that keep counting
/// across `--loop` rewinds keep the schedule going.
public final class ReplayPacer: Sendable {
    /// The pacing this pacer applies.
    public let pacing: Pacing

    private struct Anchor {
        var start: MonotonicInstant
        var firstIndex: UInt64
    }

    private let anchor = Mutex<Anchor?>(nil)

    /// A pacer applying `pacing`.
    public init(pacing: Pacing) {
        self.pacing = pacing
    }

    /// Blocks the calling thread until frame `index` is due; returns at once for ``Pacing/fast``,
    /// for the first frame, and for frames already late.
    public func waitForFrame(_ index: UInt64) {
        guard let deadline = dueInstant(ofFrame: index) else { return }
        Self.sleep(until: deadline)
    }

    /// When frame `index` is due, or `nil` when it need not wait (fast pacing, first frame,
    /// or an index before the first one).
    public func dueInstant(ofFrame index: UInt64) -> MonotonicInstant? {
        guard case let .realtime(rate) = pacing, rate.isFinite, rate > 0 else { return nil }
        let now = MonotonicInstant.now()
        let current = anchor.withLock { anchor in
            if let anchor { return anchor }
            let started = Anchor(start: now, firstIndex: index)
            anchor = started
            return started
        }
        guard index > current.firstIndex else { return nil }
        return current.start.advanced(bySeconds: Double(index - current.firstIndex) / rate)
    }

    private static func sleep(until deadline: MonotonicInstant) {
        #if os(Linux)
        var time = deadline.timespecValue
        // Fails only with EINVAL (a deadline out of range), after which there is nothing to wait for.
        try? SystemCall.retryingInterruptsReturningErrorNumber { clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) }
        #else
        while true {
            let now = MonotonicInstant.now()
            guard now < deadline else { return }
            var remaining = MonotonicInstant(nanoseconds: deadline.nanoseconds - now.nanoseconds)
                .timespecValue
            _ = nanosleep(&remaining, nil)
        }
        #endif
    }
}

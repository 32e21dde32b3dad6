#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An instant of `CLOCK_MONOTONIC`, the clock V4L2 stamps buffers with.
///
/// Read with `clock_gettime(CLOCK_MONOTONIC)`. The value only means something relative to other
/// instants taken on the same machine since boot; it never jumps when the wall clock is set.
public struct MonotonicInstant: Sendable, Hashable, Comparable {
    /// Nanoseconds since the (unspecified) epoch of `CLOCK_MONOTONIC`.
    public var nanoseconds: UInt64

    /// Wraps a raw `CLOCK_MONOTONIC` reading in nanoseconds.
    public init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// Converts a `timespec` from `CLOCK_MONOTONIC` (as found in a V4L2 buffer or returned by
    /// `clock_gettime`). Negative fields are clamped to zero.
    public init(timespec time: timespec) {
        let seconds = UInt64(max(0, Int64(time.tv_sec)))
        let nanoseconds = UInt64(max(0, Int64(time.tv_nsec)))
        self.init(nanoseconds: seconds &* 1_000_000_000 &+ nanoseconds)
    }

    /// The current instant, read with `clock_gettime(CLOCK_MONOTONIC)`.
    ///
    /// `CLOCK_MONOTONIC` is always available on Linux; if the call were ever to fail the result is
    /// the zero instant rather than a crash.
    public static func now() -> MonotonicInstant {
        var time = timespec()
        guard clock_gettime(CLOCK_MONOTONIC, &time) == 0 else {
            return MonotonicInstant(nanoseconds: 0)
        }
        return MonotonicInstant(timespec: time)
    }

    /// Seconds elapsed from `earlier` to `self`.
    ///
    /// Negative when `earlier` is in fact later than `self`; never traps.
    public func seconds(since earlier: MonotonicInstant) -> Double {
        if nanoseconds >= earlier.nanoseconds {
            return Double(nanoseconds - earlier.nanoseconds) / 1e9
        }
        return -Double(earlier.nanoseconds - nanoseconds) / 1e9
    }

    /// This instant moved forward by `seconds` (negative or non-finite values are treated as zero;
    /// the result saturates at the largest representable instant).
    public func advanced(bySeconds seconds: Double) -> MonotonicInstant {
        guard seconds.isFinite, seconds > 0 else { return self }
        let delta = seconds * 1e9
        guard delta < Double(UInt64.max - nanoseconds) else {
            return MonotonicInstant(nanoseconds: UInt64.max)
        }
        return MonotonicInstant(nanoseconds: nanoseconds + UInt64(delta))
    }

    /// The instant as a `timespec`, e.g. for `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, …)`.
    public var timespecValue: timespec {
        var time = timespec()
        time.tv_sec = .init(truncatingIfNeeded: nanoseconds / 1_000_000_000)
        time.tv_nsec = .init(truncatingIfNeeded: nanoseconds % 1_000_000_000)
        return time
    }

    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }
}

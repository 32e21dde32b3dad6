import Foundation

/// The CPU time the calling thread has used (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`).
///
/// Step timings use it instead of wall time so that they stay meaningful when other processes
/// share the CPU: a thread that waits for a core does not accumulate CPU time.
public enum ThreadCPUClock {
    public static func now() -> Duration {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return .zero }
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one place that retries system calls interrupted by a signal (`EINTR`).
enum SystemCall {
    /// Calls `body` until it does not fail with `EINTR`; returns its result and, when the result is
    /// negative, the `errno` it left (0 otherwise).
    static func retryingInterrupts<Result: SignedInteger>(_ body: () -> Result) -> (result: Result, errno: Int32) {
        while true {
            let result = body()
            guard result < 0 else { return (result, 0) }
            let code = errno
            if code != EINTR { return (result, code) }
        }
    }
}

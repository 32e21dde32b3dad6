#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemPackage

/// Retries the system calls swift-system does not wrap when a signal interrupts them (`EINTR`):
/// `ioctl(2)` and `poll(2)` on a V4L2 device, `v4l2_open` (libv4l2's, not `open(2)`),
/// `clock_nanosleep(2)`, `sendto(2)` to a socket address, `waitid(2)` and `wait4(2)`. Files go
/// through swift-system's `FileDescriptor`, whose operations retry `EINTR` themselves
/// (`retryOnInterrupt`); its own retry helper is not public.
public enum SystemCall {
    /// Calls `body` (a call returning a negative value and setting `errno` on failure) until it does
    /// not fail with `EINTR`; returns its result, or throws the failure as `Errno`.
    public static func retryingInterrupts<Result: SignedInteger>(_ body: () -> Result) throws(Errno) -> Result {
        while true {
            let result = body()
            guard result < 0 else { return result }
            let error = Errno(rawValue: errno)
            if error != .interrupted { throw error }
        }
    }

    /// Calls `body` (a call returning 0 or its error number, as `clock_nanosleep(2)` does) until it
    /// does not fail with `EINTR`; throws its failure as `Errno`.
    public static func retryingInterruptsReturningErrorNumber(_ body: () -> Int32) throws(Errno) {
        while true {
            let code = body()
            if code == 0 { return }
            let error = Errno(rawValue: code)
            if error != .interrupted { throw error }
        }
    }
}

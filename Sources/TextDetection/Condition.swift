import Foundation

/// A wake-up for threads waiting on a ``TextDetectorPool``: `signal` wakes one waiter, or lets
/// the next `wait` return at once (a counting semaphore, so no signal is lost between a failed
/// take and the wait).
final class Condition: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func wait() { semaphore.wait() }
    func signal() { semaphore.signal() }
}

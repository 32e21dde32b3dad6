import Foundation

/// The system wall clock: `Date()` and `Task.sleep`.
public struct SystemRateClock: RateServiceClock {
    /// Creates the system clock.
    public init() {}

    public func now() -> Date {
        Date()
    }

    public func sleep(until deadline: Date) async throws(CancellationError) {
        let seconds = max(0, deadline.timeIntervalSinceNow)
        do {
            try await Task.sleep(for: .seconds(seconds))
        } catch {
            throw CancellationError()
        }
    }
}

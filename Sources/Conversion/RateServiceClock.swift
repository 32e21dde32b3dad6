import Foundation

/// The wall clock a ``RateService`` reads and sleeps on; tests inject a manual one.
///
/// Wall-clock time (`Date`) is used because cache validity and ECB publication times are
/// wall-clock instants.
public protocol RateServiceClock: Sendable {
    /// The current instant.
    func now() -> Date
    /// Suspends until `deadline` or cancellation.
    func sleep(until deadline: Date) async throws(CancellationError)
}

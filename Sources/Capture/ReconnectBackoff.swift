/// Delays between reconnection attempts: doubling from ``initial`` up to ``maximum``, back to
/// ``initial`` after a success.
public struct ReconnectBackoff: Sendable, Equatable {
    public var initial: Double
    public var maximum: Double
    private var current: Double

    public init(initialSeconds: Double = 0.1, maximumSeconds: Double = 2) {
        initial = max(0, initialSeconds)
        maximum = max(initial, maximumSeconds)
        current = initial
    }

    /// The delay before the next attempt; each call doubles the following one.
    public mutating func nextDelay() -> Double {
        let delay = current
        current = min(maximum, max(current * 2, initial))
        return delay
    }

    /// Starts again from ``initial`` (after a successful connection).
    public mutating func reset() {
        current = initial
    }
}

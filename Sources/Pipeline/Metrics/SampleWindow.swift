import Synchronization

/// The most recent samples of a duration (milliseconds), for percentiles in `STATS`.
final class SampleWindow: Sendable {
    private struct Ring {
        var values: [Double] = []
        var next = 0
    }

    /// Samples kept; older ones are overwritten.
    let capacity: Int
    private let ring = Mutex(Ring())

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    func record(_ milliseconds: Double) {
        ring.withLock { ring in
            if ring.values.count < capacity {
                ring.values.append(milliseconds)
            } else {
                ring.values[ring.next] = milliseconds
            }
            ring.next = (ring.next + 1) % capacity
        }
    }

    /// The nearest-rank percentiles (0…100) of the kept samples, rounded to 0.1 ms; nil with no samples.
    func percentiles(_ ranks: [Double]) -> [Double]? {
        let sorted = ring.withLock { $0.values }.sorted()
        guard !sorted.isEmpty else { return nil }
        return ranks.map { rank in
            let index = min(sorted.count - 1, max(0, Int((rank / 100 * Double(sorted.count)).rounded(.up)) - 1))
            return (sorted[index] * 10).rounded() / 10
        }
    }
}

import Histogram
import LensProtocol
import Synchronization

/// A whole-run latency distribution (HdrHistogram): microsecond resolution, 3 significant digits,
/// values from 1 µs to 60 s (longer ones count as 60 s).
///
/// Safe to record from any thread: the histogram sits behind a `Mutex`.
final class LatencyHistogram: Sendable {
    /// The longest latency told apart, in microseconds.
    static let highestMicroseconds: UInt64 = 60_000_000

    private let histogram = Mutex(Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: LatencyHistogram.highestMicroseconds,
        numberOfSignificantValueDigits: .three))

    /// Records one latency; negative and non-finite values count as 0, values above 60 s as 60 s.
    func record(milliseconds: Double) {
        let microseconds = milliseconds.isFinite ? (milliseconds * 1000).rounded() : 0
        let value = UInt64(min(max(microseconds, 0), Double(Self.highestMicroseconds)))
        histogram.withLock { _ = $0.record(value) }
    }

    /// Percentiles and maximum in milliseconds, or nil before the first sample.
    func summary() -> LatencySummary? {
        histogram.withLock { histogram in
            guard histogram.totalCount > 0 else { return nil }
            func milliseconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1000 }
            return LatencySummary(
                p50: milliseconds(histogram.valueAtPercentile(50)),
                p95: milliseconds(histogram.valueAtPercentile(95)),
                p99: milliseconds(histogram.valueAtPercentile(99)),
                max: milliseconds(histogram.max),
                count: Int(histogram.totalCount))
        }
    }
}

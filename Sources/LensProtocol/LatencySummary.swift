/// One stage's latency over a run, in milliseconds, in the final `STATS` line and in `lensd bench`.
///
/// Percentiles come from an HdrHistogram (3 significant digits), so they are exact to 0.1 %.
public struct LatencySummary: Codable, Equatable, Sendable {
    public var p50: Double
    public var p95: Double
    public var p99: Double
    public var max: Double
    /// Samples recorded.
    public var count: Int

    public init(p50: Double, p95: Double, p99: Double, max: Double, count: Int) {
        self.p50 = p50
        self.p95 = p95
        self.p99 = p99
        self.max = max
        self.count = count
    }
}

/// One stage's latency over a run, in milliseconds, in the final `STATS` line and in `lensd bench`.
///
/// Percentiles come from an HdrHistogram (3 significant digits), so they are exact to 0.1 %.
struct LatencySummary: Codable, Equatable, Sendable {
    var p50: Double
    var p95: Double
    var p99: Double
    var max: Double
    /// Samples recorded.
    var count: Int
}

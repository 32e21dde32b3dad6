import LensProtocol

/// Everything `lensd bench` measures in one run (or the medians over runs).
///
/// Every figure is optional: it is absent when the run could not give it (no truth, a run too
/// short for a steady state, no latency with `--fast`). JSON keys are the snake-case names.
public struct BenchFigures: Codable, Equatable, Sendable {
    /// Seconds from starting the child to its exit.
    var wallSeconds: Double?
    /// From starting the child to its first `OVERLAYS` line reaching the bench (process start included).
    var firstOverlaysMs: Double?
    /// The daemon's own `first_overlays_ms` (from its pipeline's start).
    var pipelineFirstOverlaysMs: Double?
    var framesIn: Double?
    var framesProcessed: Double?
    var overlaysLines: Double?
    /// `OVERLAYS` lines per input frame, in percent.
    var overlaysPercent: Double?
    var fpsIn: Double?
    var fpsOut: Double?
    var dropsQueue: Double?
    var dropsClients: Double?
    var dropsControl: Double?
    var queueMaxDepth: Double?
    /// Most scheduled OCR jobs waiting for a worker at once.
    var ocrQueueMaxDepth: Double?
    var errors: Double?
    /// Whole-run latency per stage, from the final `STATS`.
    var latency: StageLatenciesMessage?
    /// User plus system CPU seconds of the child.
    var cpuSeconds: Double?
    /// `cpu_seconds / wall_seconds`, in percent of one core.
    var cpuPercent: Double?
    /// CPU in percent of one core over the second half of the run.
    var cpuPercentSteady: Double?
    /// CPU in percent of one core from the last time a new price was first shown confirmed to the end.
    var cpuPercentAfterConfirmed: Double?
    /// Peak resident memory (`ru_maxrss`).
    var peakRSSBytes: Double?
    /// Resident memory sampled every 0.5 s from the first `OVERLAYS` line or 10 % into the run,
    /// whichever is later: first, last, min, max.
    var rssFirstBytes: Double?
    var rssLastBytes: Double?
    var rssMinBytes: Double?
    var rssMaxBytes: Double?
    /// `(rss_last − rss_first) / rss_first`, in percent.
    var rssDriftPercent: Double?
    var recall: Double?
    /// Recall of the prices in full view for at least ``OutputAnalysis/settleFrames`` frames.
    var settledRecall: Double?
    var precision: Double?
    var f1: Double?
    /// Seconds (of the sequence's timeline) from a price coming fully into view to it being shown confirmed.
    var confirmSecondsMean: Double?
    var confirmSecondsP95: Double?
    /// As ``confirmSecondsMean``, counting only the frames the price was in full view (see ``TrackScore``).
    var confirmInViewSecondsMean: Double?
    var confirmInViewSecondsP95: Double?
    /// As ``confirmInViewSecondsMean``, over the prices that came into view after the first frame (see ``TrackScore``).
    var confirmEnteringSecondsMean: Double?
    var confirmEnteringSecondsP95: Double?
    /// The prices those two figures are taken over: with fewer than 20, the p95 (nearest rank) is the slowest one.
    var enteringTags: Double?
    var missedTags: Double?
    var idSwitches: Double?

    enum CodingKeys: String, CodingKey {
        case wallSeconds = "wall_s", firstOverlaysMs = "first_overlays_ms", pipelineFirstOverlaysMs = "pipeline_first_overlays_ms"
        case framesIn = "frames_in", framesProcessed = "frames_processed", overlaysLines = "overlays_lines"
        case overlaysPercent = "overlays_percent", fpsIn = "fps_in", fpsOut = "fps_out"
        case dropsQueue = "drops_queue", dropsClients = "drops_clients", dropsControl = "drops_control"
        case queueMaxDepth = "queue_max_depth", ocrQueueMaxDepth = "ocr_queue_max_depth", errors, latency = "latency_ms"
        case cpuSeconds = "cpu_s", cpuPercent = "cpu_percent", cpuPercentSteady = "cpu_percent_steady"
        case cpuPercentAfterConfirmed = "cpu_percent_after_confirmed", peakRSSBytes = "peak_rss_bytes"
        case rssFirstBytes = "rss_first_bytes", rssLastBytes = "rss_last_bytes", rssMinBytes = "rss_min_bytes"
        case rssMaxBytes = "rss_max_bytes", rssDriftPercent = "rss_drift_percent"
        case recall, settledRecall = "settled_recall", precision, f1, confirmSecondsMean = "confirm_s_mean", confirmSecondsP95 = "confirm_s_p95"
        case confirmInViewSecondsMean = "confirm_in_view_s_mean", confirmInViewSecondsP95 = "confirm_in_view_s_p95"
        case confirmEnteringSecondsMean = "confirm_entering_s_mean", confirmEnteringSecondsP95 = "confirm_entering_s_p95"
        case enteringTags = "entering_tags", missedTags = "missed_tags", idSwitches = "id_switches"
    }

    /// The scalar figures, for medians.
    static var scalars: [WritableKeyPath<BenchFigures, Double?>] {
        [
            \.wallSeconds, \.firstOverlaysMs, \.pipelineFirstOverlaysMs, \.framesIn, \.framesProcessed, \.overlaysLines,
            \.overlaysPercent, \.fpsIn, \.fpsOut, \.dropsQueue, \.dropsClients, \.dropsControl, \.queueMaxDepth, \.ocrQueueMaxDepth, \.errors,
            \.cpuSeconds, \.cpuPercent, \.cpuPercentSteady, \.cpuPercentAfterConfirmed, \.peakRSSBytes,
            \.rssFirstBytes, \.rssLastBytes, \.rssMinBytes, \.rssMaxBytes, \.rssDriftPercent,
            \.recall, \.settledRecall, \.precision, \.f1, \.confirmSecondsMean, \.confirmSecondsP95,
            \.confirmInViewSecondsMean, \.confirmInViewSecondsP95, \.confirmEnteringSecondsMean, \.confirmEnteringSecondsP95,
            \.enteringTags, \.missedTags, \.idSwitches,
        ]
    }

    /// Each figure's median over `runs` (each latency percentile separately), rounded like one run's.
    public static func median(of runs: [BenchFigures]) -> BenchFigures {
        var median = BenchFigures()
        for path in scalars {
            median[keyPath: path] = Median.of(runs.map { $0[keyPath: path] }).map(rounded)
        }
        let stages: [WritableKeyPath<StageLatenciesMessage, LatencySummary?>] = [\.queue, \.ocr, \.frame, \.endToEnd]
        var latency = StageLatenciesMessage()
        for stage in stages {
            let summaries = runs.compactMap { $0.latency?[keyPath: stage] }
            guard !summaries.isEmpty else { continue }
            func middle(_ value: (LatencySummary) -> Double) -> Double {
                rounded(Median.of(summaries.map(value)) ?? 0)
            }
            latency[keyPath: stage] = LatencySummary(
                p50: middle(\.p50), p95: middle(\.p95), p99: middle(\.p99), max: middle(\.max),
                count: Int(middle { Double($0.count) }.rounded()))
        }
        median.latency = latency.isEmpty ? nil : latency
        return median
    }

    /// `value` to 3 decimals.
    static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}

import Foundation
import LensProtocol

/// The result of `lensd bench`: what was run, each run's figures and their medians, as one JSON
/// object (`--json`) or a table.
public struct BenchReport: Encodable, Sendable {
    var sequence: String
    var path: String
    var truth: String?
    /// `fast` or `realtime`.
    var mode: String
    /// The paced rate with `realtime`.
    var fps: Double?
    var workers: Int
    /// The child's command line after `lensd`.
    var arguments: [String]
    var runDirectory: String
    /// Each figure's median over the runs.
    var median: BenchFigures
    var runs: [BenchFigures]

    public init(
        sequence: String, path: String, truth: String?, mode: String, fps: Double?, workers: Int,
        arguments: [String], runDirectory: String, median: BenchFigures, runs: [BenchFigures]
    ) {
        self.sequence = sequence
        self.path = path
        self.truth = truth
        self.mode = mode
        self.fps = fps
        self.workers = workers
        self.arguments = arguments
        self.runDirectory = runDirectory
        self.median = median
        self.runs = runs
    }

    enum CodingKeys: String, CodingKey {
        case sequence, path, truth, mode, fps, workers, arguments, runDirectory = "run_directory", median, runs
    }

    /// One JSON object, keys sorted.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// A table for people.
    public var table: String {
        let m = median
        let pace = mode == "fast" ? "--fast" : "paced at \(BenchRunner.format(fps ?? 0)) fps"
        let runsText = runs.count == 1 ? "1 run" : "median of \(runs.count) runs"
        var lines = [
            "lensd bench \(sequence): \(pace), \(workers) workers, \(runsText)",
            "  sequence   \(path)" + (truth == nil ? " (no ground truth)" : ""),
            "  output     \(runDirectory)",
            "",
            "throughput   fps in \(Self.text(m.fpsIn))   fps out \(Self.text(m.fpsOut))   wall \(Self.text(m.wallSeconds, digits: 2)) s",
            "frames       \(Self.text(m.framesIn, digits: 0)) in   \(Self.text(m.framesProcessed, digits: 0)) processed   "
                + "\(Self.text(m.overlaysLines, digits: 0)) OVERLAYS (\(Self.percent(m.overlaysPercent)) of input)",
            "drops        queue \(Self.text(m.dropsQueue, digits: 0))   clients \(Self.text(m.dropsClients, digits: 0))   "
                + "control \(Self.text(m.dropsControl, digits: 0))   queue max depth \(Self.text(m.queueMaxDepth, digits: 0)) frames, "
                + "\(Self.text(m.ocrQueueMaxDepth, digits: 0)) OCR jobs   errors \(Self.text(m.errors, digits: 0))",
            "latency ms         p50       p95       p99       max     count",
        ]
        let stages: [(String, LatencySummary?)] = [
            ("queue", m.latency?.queue), ("ocr", m.latency?.ocr), ("frame", m.latency?.frame), ("end_to_end", m.latency?.endToEnd),
        ]
        for (name, summary) in stages {
            guard let summary else {
                lines.append("  " + name.padding(toLength: 12, withPad: " ", startingAt: 0) + "  –" + (mode == "fast" && name != "ocr" && name != "frame" ? " (paced runs only)" : ""))
                continue
            }
            let cells = [summary.p50, summary.p95, summary.p99, summary.max].map { Self.pad(String(format: "%.1f", $0), 10) }
            lines.append("  " + name.padding(toLength: 12, withPad: " ", startingAt: 0) + cells.joined() + Self.pad("\(summary.count)", 10))
        }
        lines += [
            "startup      first OVERLAYS \(Self.text(m.firstOverlaysMs, digits: 0)) ms after start "
                + "(\(Self.text(m.pipelineFirstOverlaysMs, digits: 0)) ms after the pipeline's start)",
            "cpu          \(Self.text(m.cpuSeconds, digits: 2)) s, \(Self.percent(m.cpuPercent)) of one core; "
                + "steady (2nd half) \(Self.percent(m.cpuPercentSteady)); "
                + "after the last new confirmation \(Self.percent(m.cpuPercentAfterConfirmed))",
            "memory       peak RSS \(Self.megabytes(m.peakRSSBytes)); after warm-up: first \(Self.megabytes(m.rssFirstBytes)), "
                + "last \(Self.megabytes(m.rssLastBytes)), min \(Self.megabytes(m.rssMinBytes)), max \(Self.megabytes(m.rssMaxBytes)), "
                + "drift \(Self.percent(m.rssDriftPercent))",
        ]
        if truth != nil {
            lines += [
                "prices       recall \(Self.text(m.recall))   in full view for \(OutputAnalysis.settleFrames) frames \(Self.text(m.settledRecall))   "
                    + "precision \(Self.text(m.precision))   F1 \(Self.text(m.f1))",
                "tracking     time to confirm mean \(Self.text(m.confirmSecondsMean)) s   p95 \(Self.text(m.confirmSecondsP95)) s   "
                    + "in view mean \(Self.text(m.confirmInViewSecondsMean)) s   p95 \(Self.text(m.confirmInViewSecondsP95)) s   "
                    + "coming into view (\(Self.text(m.enteringTags, digits: 0)) tags) mean \(Self.text(m.confirmEnteringSecondsMean)) s   p95 \(Self.text(m.confirmEnteringSecondsP95)) s   "
                    + "missed tags \(Self.text(m.missedTags, digits: 0))   id switches \(Self.text(m.idSwitches, digits: 0))",
            ]
        }
        if runs.count > 1 {
            lines.append("runs         fps out " + runs.map { Self.text($0.fpsOut) }.joined(separator: ", ")
                + "; cpu s " + runs.map { Self.text($0.cpuSeconds, digits: 2) }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    private static func text(_ value: Double?, digits: Int = 3) -> String {
        guard let value else { return "–" }
        return String(format: "%.\(digits)f", value)
    }

    private static func percent(_ value: Double?) -> String {
        value.map { String(format: "%.1f %%", $0) } ?? "–"
    }

    private static func megabytes(_ bytes: Double?) -> String {
        guard let bytes else { return "–" }
        return String(format: "%.1f MiB", bytes / 1_048_576)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

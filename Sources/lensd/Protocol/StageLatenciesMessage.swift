/// `latency` of the final `STATS` line: each stage's whole-run latency; a stage without samples is absent.
struct StageLatenciesMessage: Codable, Equatable, Sendable {
    /// Waiting in the frame queue (paced replay and cameras).
    var queue: LatencySummary?
    /// One OCR job.
    var ocr: LatencySummary?
    /// The frame stage's work on one frame.
    var frame: LatencySummary?
    /// Capture to `OVERLAYS` (paced replay and cameras).
    var endToEnd: LatencySummary?

    /// Whether no stage has a sample.
    var isEmpty: Bool { queue == nil && ocr == nil && frame == nil && endToEnd == nil }
}

/// `latency` of the final `STATS` line: each stage's whole-run latency; a stage without samples is absent.
public struct StageLatenciesMessage: Codable, Equatable, Sendable {
    /// Waiting in the frame queue (paced replay and cameras).
    public var queue: LatencySummary?
    /// One OCR job.
    public var ocr: LatencySummary?
    /// The frame stage's work on one frame.
    public var frame: LatencySummary?
    /// Capture to `OVERLAYS` (paced replay and cameras).
    public var endToEnd: LatencySummary?

    /// Whether no stage has a sample.
    public var isEmpty: Bool { queue == nil && ocr == nil && frame == nil && endToEnd == nil }

    public init(queue: LatencySummary? = nil, ocr: LatencySummary? = nil, frame: LatencySummary? = nil, endToEnd: LatencySummary? = nil) {
        self.queue = queue
        self.ocr = ocr
        self.frame = frame
        self.endToEnd = endToEnd
    }
}

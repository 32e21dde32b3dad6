/// `STATS`: counters for the run; every `--stats-interval` seconds and as the last line.
struct StatsMessage: ProtocolMessage {
    static let className = "STATS"
    var framesIn: Int
    var framesProcessed: Int
    var framesDropped: Int
    var queueMaxDepth: Int
    var errors: Int
    /// Summed OCR time over all workers.
    var ocrSeconds: Double
    var ocrMsMean: Double
    var wallSeconds: Double
    var fpsOut: Double
    var workers: Int
    /// `true` on the last line of a run, `false` on periodic ones.
    var final: Bool
    /// Frames read per second (over the interval for periodic lines, the run for the last).
    var fpsIn: Double
    var queueDepth: Int
    var drops: DropsMessage
    var ocrMsP50: Double?
    var ocrMsP95: Double?
    /// From capture to `OVERLAYS`, over recent frames; absent with `--fast` (no capture clock).
    var latencyMsP50: Double?
    var latencyMsP95: Double?
    var latencyMsP99: Double?
    var rssBytes: Int?
    /// Socket clients connected.
    var clients: Int
    /// Seconds the periodic line covers.
    var intervalS: Double?
    /// Whole-run latency per stage (final line only).
    var latency: StageLatenciesMessage?
    /// Milliseconds from the pipeline's start to the first `OVERLAYS` line (final line only).
    var firstOverlaysMs: Double?
    /// Per kind of scheduled OCR job, how many ran and their CPU time (final line, `--schedule changes` only).
    var ocrJobs: [String: OCRJobTotalsMessage]?
    /// Most scheduled OCR jobs ever waiting for a worker (final line, `--schedule changes` only).
    var ocrQueueMaxDepth: Int?
}

/// `STATS`: counters for the run; every `--stats-interval` seconds and as the last line.
public struct StatsMessage: ProtocolMessage {
    public static let className = "STATS"
    public var framesIn: Int
    public var framesProcessed: Int
    public var framesDropped: Int
    public var queueMaxDepth: Int
    public var errors: Int
    /// Summed OCR time over all workers.
    public var ocrSeconds: Double
    public var ocrMsMean: Double
    public var wallSeconds: Double
    public var fpsOut: Double
    public var workers: Int
    /// `true` on the last line of a run, `false` on periodic ones.
    public var final: Bool
    /// Frames read per second (over the interval for periodic lines, the run for the last).
    public var fpsIn: Double
    public var queueDepth: Int
    public var drops: DropsMessage
    public var ocrMsP50: Double?
    public var ocrMsP95: Double?
    /// From capture to `OVERLAYS`, over recent frames; absent with `--fast` (no capture clock).
    public var latencyMsP50: Double?
    public var latencyMsP95: Double?
    public var latencyMsP99: Double?
    public var rssBytes: Int?
    /// Socket clients connected.
    public var clients: Int
    /// Seconds the periodic line covers.
    public var intervalS: Double?
    /// Whole-run latency per stage (final line only).
    public var latency: StageLatenciesMessage?
    /// Milliseconds from the pipeline's start to the first `OVERLAYS` line (final line only).
    public var firstOverlaysMs: Double?
    /// Per kind of scheduled OCR job, how many ran and their CPU time (final line, `--schedule changes` only).
    public var ocrJobs: [String: OCRJobTotalsMessage]?
    /// Most scheduled OCR jobs ever waiting for a worker (final line, `--schedule changes` only).
    public var ocrQueueMaxDepth: Int?

    public init(framesIn: Int, framesProcessed: Int, framesDropped: Int, queueMaxDepth: Int, errors: Int, ocrSeconds: Double, ocrMsMean: Double, wallSeconds: Double, fpsOut: Double, workers: Int, final: Bool, fpsIn: Double, queueDepth: Int, drops: DropsMessage, ocrMsP50: Double? = nil, ocrMsP95: Double? = nil, latencyMsP50: Double? = nil, latencyMsP95: Double? = nil, latencyMsP99: Double? = nil, rssBytes: Int? = nil, clients: Int, intervalS: Double? = nil, latency: StageLatenciesMessage? = nil, firstOverlaysMs: Double? = nil, ocrJobs: [String: OCRJobTotalsMessage]? = nil, ocrQueueMaxDepth: Int? = nil) {
        self.framesIn = framesIn
        self.framesProcessed = framesProcessed
        self.framesDropped = framesDropped
        self.queueMaxDepth = queueMaxDepth
        self.errors = errors
        self.ocrSeconds = ocrSeconds
        self.ocrMsMean = ocrMsMean
        self.wallSeconds = wallSeconds
        self.fpsOut = fpsOut
        self.workers = workers
        self.final = final
        self.fpsIn = fpsIn
        self.queueDepth = queueDepth
        self.drops = drops
        self.ocrMsP50 = ocrMsP50
        self.ocrMsP95 = ocrMsP95
        self.latencyMsP50 = latencyMsP50
        self.latencyMsP95 = latencyMsP95
        self.latencyMsP99 = latencyMsP99
        self.rssBytes = rssBytes
        self.clients = clients
        self.intervalS = intervalS
        self.latency = latency
        self.firstOverlaysMs = firstOverlaysMs
        self.ocrJobs = ocrJobs
        self.ocrQueueMaxDepth = ocrQueueMaxDepth
    }
}

/// `STATS`: counters for the run, sent as the last line.
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
}

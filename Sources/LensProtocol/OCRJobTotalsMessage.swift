/// One kind of OCR job in the final `STATS` line's `ocr_jobs`: how many ran and their worker CPU
/// seconds, and how many were dropped unrun (their frame had gone stale, or the run ended first).
public struct OCRJobTotalsMessage: Codable, Equatable, Sendable {
    public var count: Int
    public var cpuSeconds: Double
    public var dropped: Int

    public init(count: Int, cpuSeconds: Double, dropped: Int) {
        self.count = count
        self.cpuSeconds = cpuSeconds
        self.dropped = dropped
    }
}

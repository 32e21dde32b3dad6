/// One kind of OCR job in the final `STATS` line's `ocr_jobs`: how many ran and their worker CPU
/// seconds, and how many were dropped unrun (their frame had gone stale, or the run ended first).
struct OCRJobTotalsMessage: Codable, Equatable, Sendable {
    var count: Int
    var cpuSeconds: Double
    var dropped: Int
}

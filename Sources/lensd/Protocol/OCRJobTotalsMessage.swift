/// One kind of OCR job in the final `STATS` line's `ocr_jobs`: how many ran and their worker CPU seconds.
struct OCRJobTotalsMessage: Codable, Equatable, Sendable {
    var count: Int
    var cpuSeconds: Double
}

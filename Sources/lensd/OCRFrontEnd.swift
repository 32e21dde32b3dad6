import ArgumentParser

/// How frames are handed to Tesseract (`--ocr`).
enum OCRFrontEnd: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Find text with the trained detector, read each box as one line (``OCR/RegionRecognizer``).
    case detector
    /// Propose text lines with the hand-made stroke finder, read each one as a single line.
    case regions
    /// One sparse-text pass over the whole frame: the naive baseline.
    case fullFrame = "full-frame"
}

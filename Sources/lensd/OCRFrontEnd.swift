import ArgumentParser

/// How frames are handed to Tesseract (`--ocr`).
enum OCRFrontEnd: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Propose text lines, prepare each one and read it as a single line (``OCR/RegionRecognizer``).
    case regions
    /// One sparse-text pass over the whole frame: the naive baseline.
    case fullFrame = "full-frame"
}

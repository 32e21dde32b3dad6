import ArgumentParser

/// What reads the boxes the trained detector finds (`--reader`).
enum BoxReader: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// The trained line recogniser (PP-OCRv4's, ``TextRecognition/TextRecognizer``).
    case recognizer
    /// Tesseract, one line at a time, after lensd's line preparation.
    case tesseract
}

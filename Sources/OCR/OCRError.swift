/// Why OCR could not start or could not read an image.
public enum OCRError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No searched folder holds `<lang>.traineddata` for every requested language.
    case modelMissing(language: String, searched: [String])
    /// The language list is not of the form `eng` or `eng+deu`.
    case invalidLanguage(String)
    /// `TessBaseAPIInit4` returned non-zero.
    case initialisationFailed(language: String, tessdata: String)
    /// The image's dimensions or buffer do not describe an 8-bit luma image.
    case invalidImage(width: Int, height: Int, stride: Int, bytes: Int)
    /// `TessBaseAPIRecognize` returned non-zero.
    case recognitionFailed(width: Int, height: Int)
    /// The text detector failed on an image (its reason).
    case detectionFailed(String)
    /// The trained line recogniser could not start or failed on a line (its reason).
    case lineRecognitionFailed(String)

    public var description: String {
        switch self {
        case let .modelMissing(language, searched):
            let files = language.split(separator: "+").map { "\($0).traineddata" }.joined(separator: ", ")
            return "OCR model missing: \(files) not found in \(searched.joined(separator: ", ")); "
                + "install tesseract-ocr-\(language.split(separator: "+").first ?? "eng") or pass --tessdata DIR"
        case let .invalidLanguage(language):
            return "invalid OCR language list '\(language)': expected codes like eng or eng+deu"
        case let .initialisationFailed(language, tessdata):
            return "Tesseract failed to initialise language '\(language)' from \(tessdata)"
        case let .invalidImage(width, height, stride, bytes):
            return "invalid luma image: \(width)x\(height), stride \(stride), \(bytes) bytes"
        case let .recognitionFailed(width, height):
            return "Tesseract failed to recognise a \(width)x\(height) image"
        case let .detectionFailed(reason), let .lineRecognitionFailed(reason):
            return reason
        }
    }
}

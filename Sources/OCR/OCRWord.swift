/// One word Tesseract recognised (`RIL_WORD`): its UTF-8 text, box and confidence.
public struct OCRWord: Sendable, Hashable {
    public var text: String
    public var box: OCRRect
    /// Tesseract's word confidence scaled from 0…100 to 0…1.
    public var confidence: Double

    public init(text: String, box: OCRRect, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
    }
}

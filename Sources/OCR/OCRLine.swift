/// One text line Tesseract recognised (`RIL_TEXTLINE`) with the words it is made of.
public struct OCRLine: Sendable, Hashable {
    /// The words joined by single spaces.
    public var text: String
    public var box: OCRRect
    /// Tesseract's line confidence scaled to 0…1.
    public var confidence: Double
    public var words: [OCRWord]

    public init(text: String, box: OCRRect, confidence: Double, words: [OCRWord]) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.words = words
    }
}

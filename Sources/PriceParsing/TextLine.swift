import SceneAnalysis

/// One line of recognised text with the boxes of its words, as an OCR engine reports it.
///
/// Tracking does not depend on the OCR module: the daemon maps the engine's results into
/// this value, so price extraction can be tested on text alone.
public struct TextLine: Sendable, Hashable {
    /// One recognised word: its text, its box and the engine's confidence (0…1).
    public struct Word: Sendable, Hashable {
        public var text: String
        public var box: PixelRect
        public var confidence: Double

        public init(text: String, box: PixelRect, confidence: Double) {
            self.text = text
            self.box = box
            self.confidence = confidence
        }
    }

    public var text: String
    public var box: PixelRect
    /// Mean word confidence, 0…1.
    public var confidence: Double
    public var words: [Word]

    public init(text: String, box: PixelRect, confidence: Double, words: [Word]) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.words = words
    }
}

import OCR
import PriceParsing
import SceneAnalysis
import Tracking

extension TextLine {
    /// The tracking module's view of one OCR line: same text, boxes as `PixelRect`.
    public init(_ line: OCRLine) {
        self.init(
            text: line.text,
            box: PixelRect(line.box),
            confidence: line.confidence,
            words: line.words.map { Word(text: $0.text, box: PixelRect($0.box), confidence: $0.confidence) })
    }
}

extension PixelRect {
    public init(_ rect: OCRRect) {
        self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
    }
}

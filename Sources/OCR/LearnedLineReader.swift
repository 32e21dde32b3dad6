import TextRecognition

/// Reads a detected text box with the trained recogniser (``TextRecognition/TextRecognizer``):
/// the box is cropped along its rotation with a little of its surroundings, scaled to the
/// network's height in grey levels, read, and its characters' columns mapped back into the
/// image as word boxes.
///
/// Owns the calling thread's recogniser and a crop buffer. Not thread-safe.
public final class LearnedLineReader {
    public let recognizer: TextRecognizer
    private let preprocessor = LinePreprocessor()

    /// How far the crop reaches beyond the box, in box heights: along the text (the detector's
    /// boxes end at the last stroke), and across it.
    static let padAlong = 0.3
    static let padAcross = 0.15

    public init(recognizer: TextRecognizer) {
        self.recognizer = recognizer
    }

    /// The least probability of being upside down, by PP-OCR's direction classifier, for which
    /// a crop is read turned round too (PP-OCR's own threshold).
    static let upsideDownThreshold = 0.9

    /// How much surer the turned read must be than the read as given to be kept: the classifier
    /// takes short runs of digits that read either way (`99` and `66`) for upside down.
    static let turnedReadMargin = 0.1

    /// Reads the box `center`, `width` x `height` along `angle`, as one line; the line's words
    /// have the upright bounds of where they lie in the image. With `checkingDirection`, the
    /// direction classifier looks at the crop first, and a crop it finds upside down is read
    /// turned round too, that read kept when it is clearly surer.
    /// - Returns: the lines read, the angle they were read along, and, for a read with digits
    ///   and no currency marker, on which sides of it the crop holds ink that nothing was read of
    ///   (``CurrencySignRecovery/unreadSides(in:width:height:textRows:read:)``) or a letter that
    ///   may be a sign (``CurrencySignRecovery/suspectSides(of:)``).
    public func read(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, center: (x: Double, y: Double),
        boxWidth: Double, boxHeight: Double, angle: Double, checkingDirection: Bool
    ) throws(OCRError) -> (lines: [OCRLine], angle: Double, unread: (leading: Bool, trailing: Bool)) {
        let cropAt: (Double) -> LineCrop? = { angle in
            self.crop(luma: luma, width: width, height: height, stride: stride, center: center, boxWidth: boxWidth,
                      boxHeight: boxHeight, angle: angle)
        }
        guard var crop = cropAt(angle) else { return ([], angle, (false, false)) }
        var upsideDown = 0.0
        if checkingDirection {
            do throws(RecognizerError) {
                upsideDown = try preprocessor.pixels.withUnsafeBufferPointer { (pixels) throws(RecognizerError) -> Double in
                    try recognizer.upsideDownProbability(luma: pixels, width: crop.width, height: crop.height, stride: crop.width)
                }
            } catch {
                throw .lineRecognitionFailed(error.description)
            }
        }
        var read = try readCrop(crop)
        var readAngle = angle
        if upsideDown >= Self.upsideDownThreshold, let turnedCrop = cropAt(angle + .pi) {
            let turned = try readCrop(turnedCrop)
            if turned.confidence > read.confidence + Self.turnedReadMargin {
                read = turned
                readAngle = angle + .pi
                crop = turnedCrop
            } else if let again = cropAt(angle) {
                crop = again
            }
        }
        let pad = Self.padAcross * Double(crop.height) / (1 + 2 * Self.padAcross)
        var unread = (leading: false, trailing: false)
        let text = read.text
        if let first = read.characters.first, let last = read.characters.last, text.contains(where: \.isNumber),
            !CurrencySignRecovery.namesCurrency(text) {
            let top = Int(pad.rounded()), bottom = crop.height - Int(pad.rounded())
            let ink = preprocessor.pixels.withUnsafeBufferPointer {
                CurrencySignRecovery.unreadSides(
                    in: $0, width: crop.width, height: crop.height, textRows: top..<bottom, read: first.columns.lowerBound...last.columns.upperBound)
            }
            let suspect = CurrencySignRecovery.suspectSides(of: text)
            unread = (ink.leading || suspect.leading, ink.trailing || suspect.trailing)
        }
        return (preprocessor.pixels.withUnsafeBufferPointer { Self.lines(of: read, crop: crop, padAcross: pad, pixels: $0) }, readAngle, unread)
    }

    /// The recogniser's read of the crop in the preprocessor's buffer.
    private func readCrop(_ crop: LineCrop) throws(OCRError) -> RecognizedLine {
        do throws(RecognizerError) {
            return try preprocessor.pixels.withUnsafeBufferPointer { (pixels) throws(RecognizerError) -> RecognizedLine in
                try recognizer.read(luma: pixels, width: crop.width, height: crop.height, stride: crop.width)
            }
        } catch {
            throw .lineRecognitionFailed(error.description)
        }
    }

    private func crop(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, center: (x: Double, y: Double),
        boxWidth: Double, boxHeight: Double, angle: Double
    ) -> LineCrop? {
        preprocessor.crop(
            luma: luma, width: width, height: height, stride: stride, center: center, boxWidth: boxWidth, boxHeight: boxHeight,
            angle: angle, padAlong: Self.padAlong, padAcross: Self.padAcross, outputHeight: RecognizerModel.height)
    }

    /// The read as one ``OCRLine`` in image pixels (none when nothing was read). `padAcross` is
    /// the crop's rows above and below the text; `pixels` the crop, whose ink each word's box is
    /// shrunk to (as Tesseract's are: price boxes near the frame's edge are judged by where
    /// their ink ends).
    static func lines(of read: RecognizedLine, crop: LineCrop, padAcross: Double, pixels: UnsafeBufferPointer<UInt8>) -> [OCRLine] {
        let top = Int(padAcross.rounded(.down)), bottom = max(top + 1, crop.height - Int(padAcross.rounded(.down)))
        let ink = InkColumns(pixels: pixels, width: crop.width, height: crop.height, rows: top..<bottom)
        let words: [OCRWord] = read.words.compactMap { characters in
            guard let first = characters.first, let last = characters.last else { return nil }
            // A CTC step marks a character where it is recognised, about its middle: the word's
            // ink lies within a step beyond its first and last steps.
            let step = first.columns.upperBound - first.columns.lowerBound
            let x0 = max(0, Int((first.columns.lowerBound - step).rounded(.down)))
            let x1 = min(crop.width, Int((last.columns.upperBound + step).rounded(.up)))
            guard x1 > x0 else { return nil }
            let box = ink?.bounds(in: x0..<x1) ?? OCRRect(x: x0, y: top, width: x1 - x0, height: bottom - top)
            let text = characters.map(\.text).joined()
            let confidence = characters.reduce(0) { $0 + $1.probability } / Double(characters.count)
            return OCRWord(text: text, box: crop.sourceBox(box), confidence: confidence)
        }
        guard !words.isEmpty else { return [] }
        let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        return [OCRLine(text: words.map(\.text).joined(separator: " "), box: box, confidence: read.confidence, words: words)]
    }
}

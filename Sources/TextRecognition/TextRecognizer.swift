import CTextDetector
import Foundation

/// Reads one text line at a time with a trained CTC recogniser: PP-OCRv4's recognition network
/// run by OpenCV's DNN module through the `lensd_text_recognizer_*` functions of the
/// `CTextDetector` shim, which owns the networks (one per input width of ``RecognizerModel``).
///
/// The installer keeps only the network's classes prices are written in (Latin letters, digits,
/// punctuation, currency signs; `packaging/models/convert_recognizer_for_opencv.py`): its
/// thousands of Chinese characters would otherwise replace a digit it is less sure of, and it
/// reads a Japanese 円, which it does not know, as 元.
///
/// Holds one OpenCV handle, freed with the recogniser. Not thread-safe: one per thread.
public final class TextRecognizer {
    fileprivate let handle: OpaquePointer
    public let model: RecognizerModel
    private var classes: [Int32] = Array(repeating: 0, count: 256)
    private var probabilities: [Float] = Array(repeating: 0, count: 256)

    /// Loads every model of `model` and runs each once (`lensd_text_recognizer_open`).
    public init(model: RecognizerModel) throws(RecognizerError) {
        Self.limitThreads
        var message = [CChar](repeating: 0, count: 1024)
        let paths = model.paths
        guard !paths.isEmpty else { throw .modelUnusable(path: model.directory, reason: "no input widths") }
        let widths = model.widths.map { Int32($0) }
        let opened: OpaquePointer? = paths.withCStrings { pointers in
            widths.withUnsafeBufferPointer { widths in
                lensd_text_recognizer_open(
                    pointers, widths.baseAddress, Int32(paths.count), Int32(RecognizerModel.height), Int32(model.characters.count),
                    model.directionPath, Int32(RecognizerModel.directionWidth), &message, message.count)
            }
        }
        guard let opened else {
            throw .modelUnusable(path: model.directory, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = opened
        self.model = model
    }

    deinit {
        lensd_text_recognizer_close(handle)
    }

    /// OpenCV's own thread pool is switched off (`cv::setNumThreads(1)`), as for the detector.
    private static let limitThreads: Void = lensd_text_detector_set_threads(1)

    /// Reads an 8-bit luma image holding one line of text (`stride * height` bytes, row-major).
    /// Character columns are in the image's pixels.
    public func read(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) throws(RecognizerError) -> RecognizedLine {
        guard width > 0, height > 0, stride >= width, width <= Int(Int32.max), height <= Int(Int32.max),
              luma.baseAddress != nil, luma.count >= stride * (height - 1) + width
        else { throw .invalidImage(width: width, height: height, stride: stride, bytes: luma.count) }
        var message = [CChar](repeating: 0, count: 512)
        var stepWidth: Float = 0
        var steps: Int32 = 0
        while true {
            let capacity = classes.count
            steps = classes.withUnsafeMutableBufferPointer { classes in
                probabilities.withUnsafeMutableBufferPointer { probabilities in
                    lensd_text_recognizer_read(
                        handle, luma.baseAddress, Int32(width), Int32(height), Int32(stride),
                        classes.baseAddress, probabilities.baseAddress, Int32(capacity), &stepWidth, &message, message.count)
                }
            }
            guard steps > capacity else { break }
            classes = Array(repeating: 0, count: Int(steps))
            probabilities = Array(repeating: 0, count: Int(steps))
        }
        guard steps >= 0 else {
            throw .recognitionFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return CTCDecoder.decode(
            classes: Array(classes.prefix(Int(steps))), probabilities: Array(probabilities.prefix(Int(steps))),
            characters: model.characters, stepWidth: Double(stepWidth))
    }
}

extension TextRecognizer {
    /// The probability that the line in an 8-bit luma image is upside down, by PP-OCR's text
    /// direction classifier (`lensd_text_recognizer_direction`).
    public func upsideDownProbability(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) throws(RecognizerError) -> Double {
        guard width > 0, height > 0, stride >= width, width <= Int(Int32.max), height <= Int(Int32.max),
              luma.baseAddress != nil, luma.count >= stride * (height - 1) + width
        else { throw .invalidImage(width: width, height: height, stride: stride, bytes: luma.count) }
        var message = [CChar](repeating: 0, count: 512)
        var probability: Float = 0
        guard lensd_text_recognizer_direction(handle, luma.baseAddress, Int32(width), Int32(height), Int32(stride), &probability, &message, message.count) == 0 else {
            throw .recognitionFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Double(probability)
    }
}

extension Array where Element == String {
    /// Runs `body` with the strings as a C array of NUL-terminated strings, valid only inside it.
    fileprivate func withCStrings<Result>(_ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result) -> Result {
        let duplicates = map { strdup($0) }
        defer { duplicates.forEach { free($0) } }
        let pointers = duplicates.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

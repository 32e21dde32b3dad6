import CTextModels
import Foundation
import Inference

/// Reads one text line at a time with a trained CTC recogniser: PP-OCRv4's recognition network
/// compiled by OpenVINO (``Inference/InferenceRuntime``), through the `lensd_text_recognizer_*`
/// functions of the `CTextModels` shim, with PP-OCR's text direction classifier beside it.
///
/// The installer keeps only the network's classes prices are written in (Latin letters, digits,
/// punctuation, currency signs; `packaging/models/prune_recognizer_classes.py`): its thousands of
/// Chinese characters would otherwise replace a digit it is less sure of, and it reads a
/// Japanese 円, which it does not know, as 元.
///
/// Holds two compiled networks and their inference requests, freed with the recogniser. Not
/// thread-safe: one per thread.
public final class TextRecognizer {
    fileprivate let handle: OpaquePointer
    /// Kept alive while the networks compiled with it are.
    public let runtime: InferenceRuntime
    public let model: RecognizerModel
    private var classes: [Int32] = Array(repeating: 0, count: 256)
    private var probabilities: [Float] = Array(repeating: 0, count: 256)

    /// Compiles the models of `model` to run on `threads` threads and runs each once
    /// (`lensd_text_recognizer_open`).
    public init(runtime: InferenceRuntime, model: RecognizerModel, threads: Int = 1) throws(RecognizerError) {
        Self.limitThreads
        var message = [CChar](repeating: 0, count: 1024)
        guard !model.widths.isEmpty else { throw .modelUnusable(path: model.directory, reason: "no input widths") }
        let widths = model.widths.map { Int32($0) }
        let opened: OpaquePointer? = widths.withUnsafeBufferPointer { widths in
            lensd_text_recognizer_open(
                runtime.handle, model.path, widths.baseAddress, Int32(widths.count), Int32(RecognizerModel.height),
                Int32(model.characters.count), model.directionPath, Int32(RecognizerModel.directionWidth), Int32(clamping: max(1, threads)),
                &message, message.count)
        }
        guard let opened else {
            throw .modelUnusable(path: model.directory, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = opened
        self.runtime = runtime
        self.model = model
    }

    deinit {
        lensd_text_recognizer_close(handle)
    }

    /// OpenCV's own thread pool is switched off (`cv::setNumThreads(1)`), as for the detector:
    /// its image operations run on the calling thread.
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

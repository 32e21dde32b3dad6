import Capture
import Foundation
import Inference
import Testing
import TextDetection
import TextRecognition
@testable import OCR

/// Reading the boxes the trained detector finds, at any orientation, on a committed sample still.
@Suite("Reading detected text")
struct DetectedTextReadingTests {
    static let still = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples/stills/tags-01.png")

    enum Turn { case none, clockwise, counterclockwise, halfway }

    /// What reads the detected boxes.
    enum Reader: CaseIterable { case tesseract, recognizer }

    /// The installed inference runtime, or the folder in `LENSD_RUNTIME`.
    static func runtime() throws -> InferenceRuntime {
        try InferenceRuntime.load(directory: InferenceRuntime.resolveDirectory(explicit: ProcessInfo.processInfo.environment["LENSD_RUNTIME"]))
    }

    static func recognizer(_ reader: Reader) throws -> RegionRecognizer {
        switch reader {
        case .tesseract:
            return RegionRecognizer()
        case .recognizer:
            let model = try RecognizerModel(directory: RecognizerModel.resolveDirectory(explicit: ProcessInfo.processInfo.environment["LENSD_REC_MODEL"]))
            return RegionRecognizer(learnedReader: .success(LearnedLineReader(recognizer: try TextRecognizer(runtime: Self.runtime(), model: model))))
        }
    }

    /// The still's luma turned as a camera held that way would see it.
    static func image(turned turn: Turn) throws -> (luma: [UInt8], width: Int, height: Int) {
        let image = try ImageLoader.loadLuma(path: still.path)
        let (w, h) = (image.width, image.height)
        switch turn {
        case .none:
            return image
        case .halfway:
            return (image.luma.reversed(), w, h)
        case .clockwise, .counterclockwise:
            var out = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let (nx, ny) = turn == .clockwise ? (h - 1 - y, x) : (y, w - 1 - x)
                    out[ny * h + nx] = image.luma[y * w + x]
                }
            }
            return (out, h, w)
        }
    }

    static func readTexts(turned turn: Turn, by reader: Reader) throws -> [String] {
        let image = try image(turned: turn)
        let detector = try TextDetector(runtime: Self.runtime(), modelPath: DetectorModel.resolve(explicit: ProcessInfo.processInfo.environment["LENSD_DET_MODEL"]))
        let engine = try TesseractEngine()
        return try image.luma.withUnsafeBufferPointer { luma in
            let boxes = try TextLocator(configuration: .still(width: image.width, height: image.height))
                .locate(luma: luma, width: image.width, height: image.height, stride: image.width, using: detector).boxes
            return try recognizer(reader).read(luma: luma, width: image.width, height: image.height, stride: image.width, boxes: boxes, using: engine)
                .map { $0.text.filter { !$0.isWhitespace } }
        }
    }

    @Test(arguments: [Turn.none, .clockwise, .counterclockwise, .halfway], Reader.allCases)
    func readsThePricesOfABoardHoweverItIsTurned(turn: Turn, reader: Reader) throws {
        let texts = try Self.readTexts(turned: turn, by: reader)
        for price in ["$35.50", "$2,636.00"] {
            #expect(texts.contains { $0.contains(price) }, "\(price) not read by \(reader) with the board turned \(turn): \(texts)")
        }
    }

    @Test(arguments: Reader.allCases)
    func superscriptCentsAfterTheMainDigitsBelongToThePrice(reader: Reader) throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/superscript-cents.png")
        let image = try ImageLoader.loadLuma(path: fixture.path)
        let detector = try TextDetector(runtime: Self.runtime(), modelPath: DetectorModel.resolve(explicit: ProcessInfo.processInfo.environment["LENSD_DET_MODEL"]))
        let engine = try TesseractEngine()
        let texts = try image.luma.withUnsafeBufferPointer { luma in
            let boxes = try TextLocator(configuration: .still(width: image.width, height: image.height))
                .locate(luma: luma, width: image.width, height: image.height, stride: image.width, using: detector).boxes
            return try Self.recognizer(reader).read(luma: luma, width: image.width, height: image.height, stride: image.width, boxes: boxes, using: engine)
                .map { $0.text.filter { !$0.isWhitespace } }
        }
        #expect(texts.contains { $0.contains("3.95") }, "\(reader): \(texts)")
    }
}

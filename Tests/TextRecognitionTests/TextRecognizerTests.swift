import Capture
import Foundation
import Inference
import Testing
@testable import TextRecognition

/// The installed recogniser and inference runtime (`packaging/install-models.sh`, part of the
/// README's setup command), or the folders in `LENSD_REC_MODEL` and `LENSD_RUNTIME`.
enum InstalledRecognizer {
    static func model() throws -> RecognizerModel {
        try RecognizerModel(directory: RecognizerModel.resolveDirectory(explicit: ProcessInfo.processInfo.environment["LENSD_REC_MODEL"]))
    }

    static func runtime() throws -> InferenceRuntime {
        try InferenceRuntime.load(directory: InferenceRuntime.resolveDirectory(explicit: ProcessInfo.processInfo.environment["LENSD_RUNTIME"]))
    }

    static func recognizer() throws -> TextRecognizer {
        try TextRecognizer(runtime: runtime(), model: model())
    }
}

@Suite("The trained line recogniser")
struct TextRecognizerTests {
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples/stills")

    /// The luma of `box` (x, y, width, height) of a sample still, with a little of its surroundings.
    static func crop(_ file: String, _ box: (Int, Int, Int, Int)) throws -> (luma: [UInt8], width: Int, height: Int) {
        let image = try ImageLoader.loadLuma(path: samples.appendingPathComponent(file).path)
        let pad = box.3 / 4
        let x0 = max(0, box.0 - pad), y0 = max(0, box.1 - pad)
        let x1 = min(image.width, box.0 + box.2 + pad), y1 = min(image.height, box.1 + box.3 + pad)
        var out: [UInt8] = []
        for y in y0..<y1 { out += image.luma[(y * image.width + x0)..<(y * image.width + x1)] }
        return (out, x1 - x0, y1 - y0)
    }

    /// The first price of a sample still's truth, its text and box.
    static func firstPrice(of file: String) throws -> (text: String, box: (Int, Int, Int, Int)) {
        struct Truth: Decodable {
            struct Image: Decodable {
                struct Price: Decodable {
                    struct Box: Decodable { var x, y, width, height: Double }
                    var text: String
                    var box: Box
                }
                var file: String
                var prices: [Price]
            }
            var images: [Image]
        }
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: samples.appendingPathComponent("truth.json")))
        let price = try #require(truth.images.first { $0.file == file }?.prices.first)
        return (price.text, (Int(price.box.x), Int(price.box.y), Int(price.box.width), Int(price.box.height)))
    }

    /// The first price of `tags-01.png`: its text and its crop.
    static func firstPriceCrop() throws -> (text: String, crop: (luma: [UInt8], width: Int, height: Int)) {
        let price = try firstPrice(of: "tags-01.png")
        return (price.text, try crop("tags-01.png", price.box))
    }

    @Test func readsAPriceCroppedFromASampleStill() throws {
        let recognizer = try InstalledRecognizer.recognizer()
        let (text, crop) = try Self.firstPriceCrop()
        let line = try crop.luma.withUnsafeBufferPointer {
            try recognizer.read(luma: $0, width: crop.width, height: crop.height, stride: crop.width)
        }
        #expect(line.text.filter { !$0.isWhitespace }.contains(text.filter { !$0.isWhitespace }), "read \(line.text)")
        #expect(line.confidence > 0.8)
        #expect(line.characters.allSatisfy { $0.columns.lowerBound >= 0 && $0.columns.upperBound <= Double(crop.width) + 1 })
    }

    @Test func findsALineUpsideDown() throws {
        let recognizer = try InstalledRecognizer.recognizer()
        let crop = try Self.firstPriceCrop().crop
        let upright = try crop.luma.withUnsafeBufferPointer {
            try recognizer.upsideDownProbability(luma: $0, width: crop.width, height: crop.height, stride: crop.width)
        }
        let turned = [UInt8](crop.luma.reversed())
        let upsideDown = try turned.withUnsafeBufferPointer {
            try recognizer.upsideDownProbability(luma: $0, width: crop.width, height: crop.height, stride: crop.width)
        }
        #expect(upright < 0.5)
        #expect(upsideDown > 0.5)
    }

    @Test func theInstalledCharactersAreThoseLensdReadsPricesIn() throws {
        let characters = try InstalledRecognizer.model().characters
        for expected in ["7", "$", "¥", "é", "A", ",", "."] { #expect(characters.contains(expected)) }
        #expect(!characters.contains("元"))
        #expect(characters.first == "" && characters.last == " ")
    }

    @Test func aLineImageThatDoesNotFitItsBufferIsAnError() throws {
        let recognizer = try InstalledRecognizer.recognizer()
        let pixels = [UInt8](repeating: 255, count: 10)
        #expect(throws: RecognizerError.invalidImage(width: 20, height: 20, stride: 20, bytes: 10)) {
            try pixels.withUnsafeBufferPointer { try recognizer.read(luma: $0, width: 20, height: 20, stride: 20) }
        }
    }
}

@Suite("The recogniser's files")
struct RecognizerModelTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lensd-rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aMissingFileIsNamedWithTheInstaller() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: RecognizerError.modelMissing(path: folder.path + "/" + RecognizerModel.characterFileName, installHint: RecognizerModel.installCommand)) {
            try RecognizerModel(directory: folder.path)
        }
    }

    @Test func aCorruptModelIsUnusableNotACrash() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "a\nb\n".write(to: folder.appendingPathComponent(RecognizerModel.characterFileName), atomically: true, encoding: .utf8)
        for name in [RecognizerModel.fileName, RecognizerModel.directionFileName] {
            try Data("not a model".utf8).write(to: folder.appendingPathComponent(name))
        }
        let model = try RecognizerModel(directory: folder.path)
        #expect(model.characters == ["", "a", "b", " "])
        #expect {
            try TextRecognizer(runtime: InstalledRecognizer.runtime(), model: model)
        } throws: { error in
            guard case let .modelUnusable(path, reason) = error as? RecognizerError else { return false }
            return path == folder.path && reason.contains("reading the model failed")
        }
    }

    @Test func aCharacterListWithMoreThanOneCharacterALineIsUnusable() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "a\nbc\n".write(to: folder.appendingPathComponent(RecognizerModel.characterFileName), atomically: true, encoding: .utf8)
        for name in [RecognizerModel.fileName, RecognizerModel.directionFileName] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        #expect(throws: RecognizerError.modelUnusable(path: folder.path + "/" + RecognizerModel.characterFileName, reason: "expected one character a line")) {
            try RecognizerModel(directory: folder.path)
        }
    }
}

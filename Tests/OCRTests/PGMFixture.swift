import Foundation
import OCR

/// Reads the binary PGM (P5) fixtures next to these tests.
struct PGMFixture {
    let pixels: [UInt8]
    let width: Int
    let height: Int

    enum LoadError: Error { case unreadable(String), malformed(String) }

    /// The folder the fixtures are in.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    init(named name: String) throws {
        let url = Self.directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw LoadError.unreadable(url.path) }
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
            var field = ""
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09) {
                field.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            fields.append(field)
        }
        index += 1
        guard fields.count == 4, fields[0] == "P5", let width = Int(fields[1]), let height = Int(fields[2]),
              fields[3] == "255", bytes.count - index == width * height
        else { throw LoadError.malformed(name) }
        self.pixels = Array(bytes[index...])
        self.width = width
        self.height = height
    }
}

extension PGMFixture {
    /// The text `two-lines.pgm` holds, line by line.
    static let twoLinesText = ["Coffee beans", "Price 12.99"]

    /// Reads `two-lines.pgm` whole with a new engine, as the tests of what lensd puts in place of
    /// a library's functions do: a recognition that goes through them.
    static func recognizeTwoLines() throws -> [OCRLine] {
        let image = try PGMFixture(named: "two-lines.pgm")
        return try TesseractEngine().recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width)
    }
}

extension PGMFixture {
    /// Every fixture read whole (sparse text) and as one line, by a new engine: the words, boxes and
    /// confidences as lensd gets them, keyed by fixture and page segmentation. The tests of what
    /// lensd puts in place of libtesseract's network functions compare these with and without it.
    static func readEveryFixture() throws -> [String: [OCRLine]] {
        let engine = try TesseractEngine()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".pgm") }.sorted()
        var reads: [String: [OCRLine]] = [:]
        for name in names {
            let image = try PGMFixture(named: name)
            for mode in [PageSegmentation.sparseText, .singleLine] {
                engine.setPageSegmentation(mode)
                reads["\(name) \(mode)"] = try engine.recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width)
            }
        }
        return reads
    }
}

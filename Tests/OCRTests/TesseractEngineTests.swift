import Foundation
import Testing
@testable import OCR

@Suite("TesseractEngine")
struct TesseractEngineTests {
    @Test("reads both lines of a rendered image with word boxes and confidences")
    func readsRenderedLines() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let engine = try TesseractEngine()
        let lines = try engine.recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width)
        #expect(lines.map(\.text) == ["Coffee beans", "Price 12.99"])
        let price = try #require(lines.last?.words.last)
        #expect(price.text == "12.99")
        // The fixture draws the second line at y = 90 with a 36 px font.
        #expect((85...110).contains(price.box.y))
        #expect((20...40).contains(price.box.height))
        #expect(price.confidence > 0.8 && price.confidence <= 1)
        let line = try #require(lines.last)
        #expect(line.box.x <= line.words[0].box.x && line.box.width >= price.box.x + price.box.width - line.box.x)
    }

    @Test("a handle started on first use reads with the settings made before it started")
    func startsOnFirstRead() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let engine = try TesseractEngine(configuration: OCRConfiguration(pageSegmentation: .sparseText, startsOnFirstUse: true))
        #expect(!engine.isInitialised)
        engine.setPageSegmentation(.singleLine)
        #expect(engine.setVariable("tessedit_char_whitelist", "0123456789."))
        #expect(!engine.isInitialised)
        let lines = try engine.recognize(
            luma: image.pixels, width: image.width, height: image.height, stride: image.width,
            region: OCRRect(x: 0, y: 80, width: image.width, height: 60))
        #expect(engine.isInitialised)
        // One line, digits only: both settings reached the handle.
        #expect(lines.map(\.text) == ["12.99"])
    }

    @Test("a handle started on first use still names a missing model at once")
    func firstUseStillChecksTheModel() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("lensd-no-tessdata-lazy-\(getpid())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: OCRError.modelMissing(language: "eng", searched: [empty.path])) {
            try TesseractEngine(configuration: OCRConfiguration(tessdataDirectory: empty.path, startsOnFirstUse: true))
        }
    }

    @Test("reads a region with boxes in whole-image coordinates")
    func readsRegion() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let engine = try TesseractEngine()
        let lines = try engine.recognize(
            luma: image.pixels, width: image.width, height: image.height, stride: image.width,
            region: OCRRect(x: 0, y: 80, width: image.width, height: 60))
        #expect(lines.map(\.text) == ["Price 12.99"])
        #expect((85...110).contains(lines.first?.box.y ?? -1))
    }

    @Test("honours a stride wider than the image")
    func honoursStride() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let stride = image.width + 37
        var padded = [UInt8](repeating: 0, count: stride * image.height)
        for row in 0..<image.height {
            padded[(row * stride)..<(row * stride + image.width)] = image.pixels[(row * image.width)..<((row + 1) * image.width)]
        }
        let engine = try TesseractEngine()
        let lines = try engine.recognize(luma: padded, width: image.width, height: image.height, stride: stride)
        #expect(lines.map(\.text) == ["Coffee beans", "Price 12.99"])
    }

    @Test("finds no text in a blank image")
    func blankImageHasNoText() throws {
        let engine = try TesseractEngine()
        let lines = try engine.recognize(luma: [UInt8](repeating: 200, count: 320 * 240), width: 320, height: 240, stride: 320)
        #expect(lines.isEmpty)
    }

    @Test("rejects a buffer smaller than its dimensions")
    func rejectsShortBuffer() throws {
        let engine = try TesseractEngine()
        #expect(throws: OCRError.invalidImage(width: 100, height: 100, stride: 100, bytes: 50)) {
            try engine.recognize(luma: [UInt8](repeating: 0, count: 50), width: 100, height: 100, stride: 100)
        }
    }

    @Test("names the missing model file and the folders searched")
    func missingModelIsClearError() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("lensd-no-tessdata-\(getpid())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let configuration = OCRConfiguration(tessdataDirectory: empty.path, language: "eng")
        do {
            _ = try TesseractEngine(configuration: configuration)
            Issue.record("initialised without a model")
        } catch {
            #expect(error == .modelMissing(language: "eng", searched: [empty.path]))
            #expect(error.description.contains("eng.traineddata"))
            #expect(error.description.contains(empty.path))
        }
    }

    @Test("rejects a malformed language list")
    func rejectsBadLanguage() {
        #expect(throws: OCRError.invalidLanguage("eng+")) {
            try OCRConfiguration(language: "eng+").resolvedTessdataDirectory()
        }
        #expect(throws: OCRError.invalidLanguage("../eng")) {
            try OCRConfiguration(language: "../eng").resolvedTessdataDirectory()
        }
    }
}

@Suite("TesseractEngine regions")
struct TesseractEngineRegionTests {
    @Test("a region reaching past the image is clamped to it")
    func clampsRegion() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let engine = try TesseractEngine()
        let lines = try engine.recognize(
            luma: image.pixels, width: image.width, height: image.height, stride: image.width,
            region: OCRRect(x: -50, y: 80, width: 10_000, height: 10_000))
        #expect(lines.map(\.text) == ["Price 12.99"])
    }

    @Test("an empty region reads nothing")
    func emptyRegion() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let engine = try TesseractEngine()
        let lines = try engine.recognize(
            luma: image.pixels, width: image.width, height: image.height, stride: image.width,
            region: OCRRect(x: 600, y: 0, width: 10, height: 10))
        #expect(lines.isEmpty)
    }
}

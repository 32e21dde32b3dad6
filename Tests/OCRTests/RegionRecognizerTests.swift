import Testing
@testable import OCR

@Suite("RegionRecognizer")
struct RegionRecognizerTests {
    @Test("reads both lines of the fixture with boxes in image coordinates")
    func readsFixture() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let engine = try TesseractEngine()
        let lines = try RegionRecognizer().recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width, using: engine)
        #expect(lines.map(\.text) == ["Coffee beans", "Price 12.99"])
        let price = try #require(lines.last?.words.last)
        #expect(price.text == "12.99")
        #expect((85...110).contains(price.box.y))
        #expect((20...40).contains(price.box.height))
        #expect(price.confidence > 0.8)
    }

    @Test("reads the price in light-on-dark, faded, unevenly lit text that one whole-image pass misreads")
    func readsFadedInvertedText() throws {
        let image = SyntheticImage(try PGMFixture(named: "two-lines.pgm")).inverted().faded(low: 60, high: 120, darkest: 0.4)
        let engine = try TesseractEngine()
        let whole = try engine.recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width)
        #expect(!whole.contains { line in line.words.contains { $0.text == "12.99" } })
        let lines = try RegionRecognizer().recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width, using: engine)
        #expect(lines.contains { line in line.words.contains { $0.text == "12.99" } })
    }

    @Test("word boxes hug the ink like those of a whole-image pass")
    func wordBoxesHugInk() throws {
        let fixture = SyntheticImage(try PGMFixture(named: "two-lines.pgm"))
        // A dark frame line just above and below the price line makes Tesseract's single-line boxes tall.
        var image = fixture
        for x in 20..<300 {
            image.pixels[84 * image.width + x] = 0
            image.pixels[134 * image.width + x] = 0
        }
        let engine = try TesseractEngine()
        let whole = try engine.recognize(luma: fixture.pixels, width: fixture.width, height: fixture.height, stride: fixture.width)
        let regions = try RegionRecognizer().recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width, using: engine)
        let expected = try #require(whole.last?.words.last)
        let price = try #require(regions.flatMap(\.words).first { $0.text == "12.99" })
        #expect(abs(price.box.y - expected.box.y) <= 2)
        #expect(abs(price.box.height - expected.box.height) <= 3)
        #expect(abs(price.box.x - expected.box.x) <= 2)
    }

    @Test("word boxes leave out a tag's border that a wide crop takes in")
    func wordBoxesLeaveOutBorders() throws {
        // `GBP 18.16` on a tag whose border runs 13 px before `G` and after `6` (a generated frame),
        // read as a second read crops it: half a text height wider than the line on each side.
        let image = try PGMFixture(named: "tag-borders.pgm")
        let engine = try TesseractEngine()
        let text = OCRRect(x: 33, y: 23, width: 218, height: 44)
        let crop = TextRegion(box: OCRRect(x: text.x - 22, y: text.y, width: text.width + 44, height: text.height), level: 0)
        let lines = try image.pixels.withUnsafeBufferPointer { pixels in
            try RegionRecognizer().read(luma: pixels, width: image.width, height: image.height, stride: image.width, regions: [crop], using: engine)
        }
        let words = lines.flatMap(\.words)
        let code = try #require(words.first { $0.text.contains("GBP") })
        let amount = try #require(words.first { $0.text.contains("18.16") })
        #expect(abs(code.box.x - text.x) <= 2)
        #expect(abs(amount.box.x + amount.box.width - (text.x + text.width)) <= 2)
    }

    @Test("leaves the engine's segmentation and inversion as they were")
    func restoresEngine() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let engine = try TesseractEngine()
        _ = try RegionRecognizer().recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width, using: engine)
        let lines = try engine.recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width)
        #expect(lines.map(\.text) == ["Coffee beans", "Price 12.99"])
    }

    @Test("counts images and regions in its timings")
    func countsTimings() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let engine = try TesseractEngine()
        let recognizer = RegionRecognizer()
        for _ in 0..<2 {
            _ = try recognizer.recognize(luma: image.pixels, width: image.width, height: image.height, stride: image.width, using: engine)
        }
        #expect(recognizer.timings.images == 2)
        #expect(recognizer.timings.regions == 4)
        #expect(recognizer.timings.ocr > .zero)
    }

    @Test("rejects a buffer smaller than its dimensions")
    func rejectsShortBuffer() throws {
        let engine = try TesseractEngine()
        #expect(throws: OCRError.invalidImage(width: 100, height: 100, stride: 100, bytes: 50)) {
            try RegionRecognizer().recognize(luma: [UInt8](repeating: 0, count: 50), width: 100, height: 100, stride: 100, using: engine)
        }
    }

    @Test("a pool lends each concurrent caller its own recognizer")
    func poolLendsDistinctRecognizers() {
        let pool = RegionRecognizerPool()
        let outer = pool.withRecognizer { outer in
            pool.withRecognizer { inner in ObjectIdentifier(outer) != ObjectIdentifier(inner) }
        }
        #expect(outer)
    }
}

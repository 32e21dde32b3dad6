import Testing
@testable import OCR

@Suite("LinePreprocessor")
struct LinePreprocessorTests {
    /// The "Price 12.99" line of the fixture.
    private let priceLine = OCRRect(x: 30, y: 92, width: 230, height: 34)

    @Test("the normalisation's product gives every quotient the division gives")
    func normalisationQuotientIsExact() {
        var mismatches = 0
        for divisor in 1...255 {
            let reciprocal = LinePreprocessor.reciprocal(of: divisor)
            for numerator in 0...(255 * 255) where LinePreprocessor.quotient(numerator, reciprocal: reciprocal) != numerator / divisor {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test("rescale brings the line height to the target and is clamped")
    func scaleMaths() {
        #expect(LinePreprocessor.scale(forLineHeight: 22, target: 44) == 2)
        #expect(LinePreprocessor.scale(forLineHeight: 88, target: 44) == 0.5)
        #expect(LinePreprocessor.scale(forLineHeight: 2, target: 44) == 6)
        #expect(LinePreprocessor.scale(forLineHeight: 1000, target: 44) == 0.125)
        #expect(LinePreprocessor.scale(forLineHeight: 0, target: 44) == 1)
    }

    @Test("a prepared crop maps its boxes back to source pixels")
    func cropMapsBack() {
        let crop = LineCrop(source: OCRRect(x: 100, y: 50, width: 80, height: 20), scale: 2, margin: 10, width: 180, height: 60, polarity: .darkOnLight, inkThreshold: 127)
        #expect(crop.sourceBox(OCRRect(x: 10, y: 10, width: 160, height: 40)) == OCRRect(x: 100, y: 50, width: 80, height: 20))
        #expect(crop.sourceBox(OCRRect(x: 30, y: 20, width: 20, height: 10)) == OCRRect(x: 110, y: 55, width: 10, height: 5))
    }

    @Test("the prepared crop has the target line height and a margin")
    func rescalesToTarget() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        let preprocessor = LinePreprocessor(options: RegionOptions(targetTextHeight: 68, maximumUpscale: 6))
        let crop = try #require(image.pixels.withUnsafeBufferPointer {
            preprocessor.prepare(luma: $0, width: image.width, height: image.height, stride: image.width, box: priceLine)
        })
        #expect(crop.scale == 2)
        #expect(crop.width == crop.margin * 2 + Int((Double(crop.source.width) * 2).rounded()))
        #expect(preprocessor.pixels.count == crop.width * crop.height)
    }

    @Test("enlargement stops at the maximum upscale; shrinking does not")
    func capsUpscale() throws {
        let image = try PGMFixture(named: "two-lines.pgm")
        func scale(target: Int) throws -> Double {
            let preprocessor = LinePreprocessor(options: RegionOptions(targetTextHeight: target, maximumUpscale: 1.5))
            let crop = try #require(image.pixels.withUnsafeBufferPointer {
                preprocessor.prepare(luma: $0, width: image.width, height: image.height, stride: image.width, box: priceLine)
            })
            return crop.scale
        }
        #expect(try scale(target: 136) == 1.5)
        #expect(try scale(target: 17) == 0.5)
    }

    @Test("light-on-dark crops are inverted to dark-on-light")
    func invertsLightOnDark() throws {
        let image = SyntheticImage(try PGMFixture(named: "two-lines.pgm")).inverted()
        let preprocessor = LinePreprocessor()
        let crop = try #require(image.pixels.withUnsafeBufferPointer {
            preprocessor.prepare(luma: $0, width: image.width, height: image.height, stride: image.width, box: priceLine)
        })
        #expect(crop.polarity == .lightOnDark)
        let prepared = preprocessor.pixels
        #expect(prepared.withUnsafeBufferPointer(LinePolarity.classify) == .darkOnLight)
        // The margin carries the background: light.
        #expect(prepared[0] > 200)
    }

    @Test("normalisation stretches faded, unevenly lit text to nearly full range")
    func normalisesContrast() throws {
        let image = SyntheticImage(try PGMFixture(named: "two-lines.pgm")).faded(low: 100, high: 150, darkest: 0.5)
        func range(normalising: Bool) throws -> (Int, Int) {
            let preprocessor = LinePreprocessor(options: RegionOptions(normalizesContrast: normalising, detectsPolarity: false))
            let crop = try #require(image.pixels.withUnsafeBufferPointer {
                preprocessor.prepare(luma: $0, width: image.width, height: image.height, stride: image.width, box: priceLine)
            })
            // The left and right thirds of the line: light differs by a third between them.
            let inner = preprocessor.pixels.enumerated().filter { index, _ in
                let x = index % crop.width, y = index / crop.width
                return x >= crop.margin && x < crop.width - crop.margin && y >= crop.margin && y < crop.height - crop.margin
            }.map { Int($0.element) }
            return (inner.min() ?? 0, inner.max() ?? 0)
        }
        let raw = try range(normalising: false)
        let normalised = try range(normalising: true)
        #expect(raw.1 - raw.0 < 120)
        #expect(normalised.0 < 30 && normalised.1 > 225)
    }

    @Test("does not read a tag border beside a price as a | or a 1")
    func erasesTagBorders() throws {
        // Half-size crop of a hand-held frame: "11,99 €" between the two side borders of its tag;
        // the line's proposal reaches both borders.
        let image = try PGMFixture(named: "tag-border-price.pgm")
        let engine = try TesseractEngine(configuration: OCRConfiguration(pageSegmentation: .singleLine))
        let lines = try RegionRecognizer().recognize(
            luma: image.pixels, width: image.width, height: image.height, stride: image.width, using: engine)
        let price = try #require(lines.first { $0.text.contains("99") })
        #expect(price.text.hasPrefix("11,99"))
        #expect(!price.text.contains("|"))
    }

    @Test("erases only columns inked through the whole padded crop, so a genuine 1 stays")
    func keepsGlyphsWhileErasingBorders() {
        // 4 px margin, inner part 40 x 20: a border at inner column 1, a "1" (rows 4–15) at column 8,
        // and at the right end a "1" right at the edge with no border.
        let margin = 4, width = 48, height = 28
        var pixels = [UInt8](repeating: 240, count: width * height)
        for y in margin..<(height - margin) { pixels[y * width + margin + 1] = 10 }
        for y in (margin + 4)..<(margin + 16) {
            pixels[y * width + margin + 8] = 10
            pixels[y * width + width - margin - 1] = 10
        }
        pixels.withUnsafeMutableBufferPointer { buffer in
            LinePreprocessor.eraseBorders(buffer, width: width, height: height, margin: margin, threshold: 127)
        }
        #expect((margin..<(height - margin)).allSatisfy { pixels[$0 * width + margin + 1] == 240 })
        #expect(pixels[(margin + 8) * width + margin + 8] == 10)
        #expect(pixels[(margin + 8) * width + width - margin - 1] == 10)
    }

    @Test("erases a rule under a word, which runs into the crop's pad at both ends, and keeps the word")
    func erasesRuleUnderWord() {
        // 4 px margin, inner part 60 x 24: a word's glyphs (columns 8–12, 16–20, … 48–52, rows 3–16) and
        // a rule two rows thick across the whole part at rows 19–20.
        let margin = 4, width = 68, height = 32
        var pixels = [UInt8](repeating: 240, count: width * height)
        for y in 3...16 {
            for x in 6...53 where x % 8 < 5 { pixels[(y + margin) * width + x + margin] = 10 }
        }
        for y in 19...20 {
            for x in 0..<60 { pixels[(y + margin) * width + x + margin] = 10 }
        }
        pixels.withUnsafeMutableBufferPointer { buffer in
            LinePreprocessor.eraseRules(buffer, width: width, height: height, margin: margin, threshold: 127)
        }
        #expect((0..<60).allSatisfy { pixels[(19 + margin) * width + $0 + margin] == 240 && pixels[(20 + margin) * width + $0 + margin] == 240 })
        #expect((3...16).allSatisfy { pixels[($0 + margin) * width + 8 + margin] == 10 })
    }

    @Test("keeps the rows of bold digits that a tight box and a blur run together from the first to the last")
    func keepsRowsInkedAcrossTheWord() {
        // 4 px margin, inner part 60 x 20: digits touching each other fill columns 5–54 entirely in
        // their top rows (0–3) and middle rows (8–10), as "279" or "349" do in a tight box; the
        // crop's pad at each end (columns 0–4 and 55–59) stays clear.
        let margin = 4, width = 68, height = 28
        var pixels = [UInt8](repeating: 240, count: width * height)
        for y in 0..<20 {
            for x in 5...54 where y <= 3 || (8...10).contains(y) || x % 10 < 3 { pixels[(y + margin) * width + x + margin] = 10 }
        }
        let before = pixels
        pixels.withUnsafeMutableBufferPointer { buffer in
            LinePreprocessor.eraseRules(buffer, width: width, height: height, margin: margin, threshold: 127)
        }
        #expect(pixels == before)
    }
}

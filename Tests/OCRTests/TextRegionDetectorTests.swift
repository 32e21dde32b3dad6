import Testing
@testable import OCR

@Suite("TextRegionDetector")
struct TextRegionDetectorTests {
    private func detect(_ image: SyntheticImage, options: RegionOptions = .init()) -> [TextRegion] {
        let detector = TextRegionDetector(options: options)
        return image.pixels.withUnsafeBufferPointer {
            detector.detect(luma: $0, width: image.width, height: image.height, stride: image.width)
        }
    }

    /// Whether some region's box holds the rectangle's centre and is about as tall as `height`.
    private func found(_ regions: [TextRegion], centreX: Int, centreY: Int, height: Int) -> Bool {
        regions.contains { region in
            let box = region.box
            return (box.x...(box.x + box.width)).contains(centreX) && (box.y...(box.y + box.height)).contains(centreY)
                && Double(box.height) > 0.6 * Double(height) && Double(box.height) < 1.6 * Double(height)
        }
    }

    @Test("proposes each of two rendered text lines as one box")
    func findsBothLines() throws {
        let regions = detect(SyntheticImage(try PGMFixture(named: "two-lines.pgm")))
        #expect(regions.count == 2)
        // The fixture draws "Coffee beans" at y ≈ 25 and "Price 12.99" at y ≈ 90, both about 34 px high.
        #expect(found(regions, centreX: 160, centreY: 42, height: 34))
        #expect(found(regions, centreX: 140, centreY: 110, height: 34))
        #expect(regions.allSatisfy { $0.box.width > 3 * $0.box.height })
    }

    @Test("proposes light-on-dark lines as well as dark-on-light ones")
    func findsInvertedLines() throws {
        let regions = detect(SyntheticImage(try PGMFixture(named: "two-lines.pgm")).inverted())
        #expect(regions.count == 2)
        #expect(found(regions, centreX: 140, centreY: 110, height: 34))
    }

    @Test("finds large and small text in one image on different pyramid levels")
    func findsLargeAndSmallText() throws {
        let fixture = SyntheticImage(try PGMFixture(named: "two-lines.pgm"))
        let canvas = SyntheticImage.blank(width: 1920, height: 1080, level: 235)
            .pasting(fixture.enlarged(by: 4), x: 40, y: 40)
            .pasting(fixture, x: 1200, y: 800)
        let regions = detect(canvas)
        #expect(found(regions, centreX: 40 + 4 * 140, centreY: 40 + 4 * 110, height: 4 * 34))
        #expect(found(regions, centreX: 1200 + 140, centreY: 800 + 110, height: 34))
        let levels = Set(regions.map(\.level))
        #expect(levels.count >= 2)
    }

    @Test("finds the lines inside a slightly rotated tag whose border runs close to the text")
    func findsLinesInsideRotatedFrame() throws {
        // The fixture's text spans x 32–291 and y 27–123; pasted at (60, 60), a 3 px border 8 px off
        // its left edge joins the text's marks, and after a 3° turn no single column holds the border
        // for longer than a text line, so only a chain that may step sideways shows it is a border.
        var canvas = SyntheticImage.blank(width: 640, height: 360, level: 235)
            .pasting(SyntheticImage(try PGMFixture(named: "two-lines.pgm")), x: 60, y: 60)
        for y in 62...210 {
            for x in 0..<3 {
                canvas.pixels[y * 640 + 84 + x] = 30
                canvas.pixels[y * 640 + 360 + x] = 30
            }
        }
        let regions = detect(canvas.rotated(by: 3, fill: 235))
        #expect(found(regions, centreX: 60 + 160, centreY: 60 + 42, height: 27))
        #expect(found(regions, centreX: 60 + 145, centreY: 60 + 112, height: 27))
    }

    @Test("finds a big motion-blurred price in its tag as one line (glyph strokes are no border chain)")
    func findsBlurredBigPrice() throws {
        // A 600x270 window of a 1280x720 hand-held frame: "2 934 Kč", about 75 px high, at x 163–510, y 110–200.
        let regions = detect(SyntheticImage(try PGMFixture(named: "blurred-big-price-in-tag.pgm")))
        #expect(regions.contains { $0.box.x <= 170 && $0.box.x + $0.box.width >= 500 && (60...110).contains($0.box.height) }, "\(regions)")
    }

    /// A price whose leading "1" is narrower than high and a word space from the rest of the amount.
    struct LeadingOne: Sendable, CustomTestStringConvertible {
        let fixture: String
        /// A row through the price's line, and the x its line must start at or before (the "1").
        let row: Int
        let firstX: Int
        let amount: String
        var testDescription: String { fixture }
    }

    static let leadingOnes = [
        // A tag of a slow pan: "Brown Sugar", then "1 174 Kč" in a thin font (its "1" at x 33–40,
        // y 39–71), then an SKU line.
        LeadingOne(fixture: "lone-leading-one.pgm", row: 55, firstX: 34, amount: "174"),
        // A small-text tag: "1 434 Kč" in a regular font (its "1" at x 52–69, y 43–69). The line
        // is found only on the half-resolution level, where the "1" joins the tag's other lines;
        // it is a whole component only at full resolution.
        LeadingOne(fixture: "spaced-leading-one.pgm", row: 60, firstX: 54, amount: "434"),
    ]

    @Test("widens a line over a lone leading 1 a word space apart, found on the line's level or a finer one", arguments: leadingOnes)
    func attachesLoneLeadingOne(_ example: LeadingOne) throws {
        let image = SyntheticImage(try PGMFixture(named: example.fixture))
        let price = try #require(detect(image).first {
            $0.box.y < example.row && $0.box.y + $0.box.height > example.row && $0.box.width > 100
        })
        #expect(price.box.x <= example.firstX)
        let lines = try RegionRecognizer().recognize(
            luma: image.pixels, width: image.width, height: image.height, stride: image.width, using: try TesseractEngine())
        #expect(lines.contains { $0.text.hasPrefix("1" + example.amount) || $0.text.hasPrefix("1 " + example.amount) })
    }

    @Test("proposes nothing in a blank or noise-free gradient image")
    func blankImageHasNoRegions() {
        #expect(detect(.blank(width: 640, height: 480, level: 128)).isEmpty)
        var ramp = SyntheticImage.blank(width: 640, height: 480, level: 0)
        for y in 0..<480 { for x in 0..<640 { ramp.pixels[y * 640 + x] = UInt8(x * 255 / 639) } }
        #expect(detect(ramp).isEmpty)
    }

    /// The lines of a fixture proposed as a live run asks for them (lines cut by the edge kept).
    private func detectKeepingEdges(_ fixture: String) throws -> [TextRegion] {
        let image = SyntheticImage(try PGMFixture(named: fixture))
        return image.pixels.withUnsafeBufferPointer {
            TextRegionDetector().detect(luma: $0, width: image.width, height: image.height, stride: image.width, keepingLinesAtEdges: true)
        }
    }

    @Test("widens a line over the leading group of a number set a monospaced cell before it")
    func attachesLeadingGroupOfMonospacedNumber() throws {
        // A receipt line of a generated frame (seed-13 receipt, frame 5): `2 649 Kč` in a
        // monospaced font at x 170-323, its `2` a full cell (0.8 of a height) before `649`, which
        // alone read as the false `649 Kč`.
        let regions = try detectKeepingEdges("monospaced-thousands.pgm")
        let price = try #require(regions.first { $0.box.x <= 250 && $0.box.x + $0.box.width >= 250 && $0.box.y <= 36 && $0.box.y + $0.box.height >= 36 })
        #expect(price.box.x <= 175)
    }

    @Test("widens a line over a leading group blurred as wide as high, found as a line of its own")
    func attachesGlyphSizedLeadingGroup() throws {
        // A receipt line of a generated frame (seed-13 receipt, frame 25, rows 120-183): `1 441 Kč`
        // in a monospaced font at x 60-236, motion-blurred so that its `1` (x 60-82) is a component
        // as wide as high, proposed alone, and `441 Kč` alone read as the false `441 Kč`.
        let regions = try detectKeepingEdges("blurred-leading-group.pgm")
        let price = try #require(regions.first { $0.box.x <= 150 && $0.box.x + $0.box.width >= 150 && $0.box.y <= 32 && $0.box.y + $0.box.height >= 32 })
        #expect(price.box.x <= 64 && price.box.x + price.box.width >= 230, "\(price.box)")
        #expect(!regions.contains { $0.box.x + $0.box.width <= 100 }, "\(regions)")
    }

    @Test("proposes the prices of a row of out-of-focus tags, not one line across the row")
    func splitsARowOfBlurredTags() throws {
        // Rows 192-351 of a generated blur frame (seed 16, frame 10): dark tags with light text
        // (`£73.00`, `£123`, `GBP 44.99`, `1 379 Kč`) side by side, out of focus. The coarse levels
        // joined the row into one line 624 px wide, which won over the prices found inside it.
        let regions = try detectKeepingEdges("blurred-tag-row.pgm")
        #expect(!regions.contains { $0.box.width > 400 }, "\(regions)")
        let price = try #require(regions.first { $0.box.x <= 300 && $0.box.x + $0.box.width >= 440 && $0.box.y <= 98 && $0.box.y + $0.box.height >= 98 })
        #expect(price.box.x >= 260 && price.box.x + price.box.width <= 470, "\(price.box)")
        #expect(regions.contains { $0.box.x <= 20 && $0.box.x + $0.box.width >= 90 && $0.box.y <= 96 && $0.box.y + $0.box.height >= 96 })
    }

    @Test("does not join a light-on-dark price to the dark-on-light line of the next tag beside it")
    func keepsLinesOfTwoPolaritiesApart() throws {
        // Rows 360-479 of a generated noisy frame (seed 12, frame 11): the white `¥7,580` on a dark
        // tag at x 258-437, and 20 px after its box the white tag with the black `50,99`, cut by
        // the image's right edge. Joined, the line was cut and `¥7,580` was not read for 5 frames.
        let regions = try detectKeepingEdges("price-beside-tag-of-other-polarity.pgm")
        let price = try #require(regions.first { $0.box.x <= 300 && $0.box.x + $0.box.width >= 420 && $0.box.y <= 80 && $0.box.y + $0.box.height >= 80 })
        #expect(price.box.x + price.box.width <= 460, "\(price.box)")
        #expect(regions.contains { $0.box.x >= 460 && $0.box.x + $0.box.width >= 620 && $0.box.y <= 66 && $0.box.y + $0.box.height >= 66 }, "\(regions)")
    }

    @Test("does not continue a light-on-dark line with the dark-on-light code of the next tag")
    func keepsALineFromTheNextTagsCode() throws {
        // Rows 300-399 of a generated small-text frame (seed 15, frame 14): the white `GBP 79.49`
        // on a dark tag at x 162-344, and 16 px after it the red `R$` of `R$ 209,00` on the next,
        // white tag. Joined, the line read as `R$ 209,00` alone and `GBP 79.49` was lost for 10
        // frames.
        let regions = try detectKeepingEdges("white-price-beside-red-price.pgm")
        let price = try #require(regions.first { $0.box.x <= 200 && $0.box.x + $0.box.width >= 320 && $0.box.y <= 47 && $0.box.y + $0.box.height >= 47 })
        #expect(price.box.x + price.box.width <= 355, "\(price.box)")
    }

    @Test("lets no word join a line on the left of a fragment attached a word space before it")
    func stopsALineAtItsLeadingFragment() throws {
        // A generated glare frame (seed 11, frame 3): `$ 4.58` at x 92-248, its `$` a word space
        // before `4.58`, and 30 px before the `$` the edges of its tag and of the next one, which
        // shows `75` at x 4-60. Widened over the `$`, the line was joined to `75` and, cut by the
        // image's edge, not read.
        let regions = try detectKeepingEdges("dollar-beside-next-tag.pgm")
        let price = try #require(regions.first { $0.box.x <= 200 && $0.box.x + $0.box.width >= 200 && $0.box.y <= 103 && $0.box.y + $0.box.height >= 103 })
        #expect(price.box.x >= 80 && price.box.x <= 95)
    }

    @Test("does not join a line to the next tag's when the two lie on backgrounds of opposite polarity")
    func keepsAPriceApartFromAnInvertedNeighbour() throws {
        // A generated blur frame (seed 12, frame 0): black-on-orange `$1,966.99` at x 164-378,
        // beside a white-on-navy tag whose `132.87` reaches the image's left edge. The coarse
        // level joined both into one line from x 4, which, cut by the edge, was not read.
        let regions = try detectKeepingEdges("price-beside-inverted-tag.pgm")
        let price = try #require(regions.first { $0.box.x <= 270 && $0.box.x + $0.box.width >= 270 && $0.box.y <= 50 && $0.box.y + $0.box.height >= 50 })
        #expect(price.box.x >= 150 && price.box.x <= 170, "\(price.box)")
    }

    @Test("skips a line cut by the image edge unless told to keep it")
    func skipsLinesAtEdges() throws {
        let fixture = SyntheticImage(try PGMFixture(named: "two-lines.pgm"))
        // Shift the fixture up so that "Coffee beans" touches the top edge.
        let shifted = SyntheticImage.blank(width: fixture.width, height: fixture.height, level: 235).pasting(fixture, x: 0, y: -26)
        let skipped = detect(shifted)
        #expect(skipped.count == 1)
        #expect(found(skipped, centreX: 140, centreY: 84, height: 34))
        #expect(detect(shifted, options: RegionOptions(skipsLinesAtEdges: false)).count == 2)
        // A caller that follows cut lines until they are whole asks for them per call.
        let kept = shifted.pixels.withUnsafeBufferPointer {
            TextRegionDetector().detect(luma: $0, width: shifted.width, height: shifted.height, stride: shifted.width, keepingLinesAtEdges: true)
        }
        #expect(kept.count == 2)
    }

    @Test("ignores text smaller than the minimum text height")
    func honoursMinimumHeight() throws {
        let regions = detect(SyntheticImage(try PGMFixture(named: "two-lines.pgm")), options: RegionOptions(minimumTextHeight: 80))
        #expect(regions.isEmpty)
    }

    @Test("joins a letter-spaced amount across its small separator mark, but not a mark above the line")
    func joinsAcrossSeparatorMark() {
        let whole = TextRegion(box: OCRRect(x: 100, y: 50, width: 90, height: 40), level: 1)
        let point = TextRegion(box: OCRRect(x: 205, y: 78, width: 10, height: 10), level: 0)
        let cents = TextRegion(box: OCRRect(x: 235, y: 50, width: 60, height: 40), level: 1)
        let joined = TextRegionDetector.joiningWords([cents, point, whole])
        #expect(joined.map(\.box) == [OCRRect(x: 100, y: 50, width: 195, height: 40)])
        // Without the mark, the gap (45 px) is wider than 3/4 of a line: two neighbouring tags.
        #expect(TextRegionDetector.joiningWords([cents, whole]).count == 2)
        let high = TextRegion(box: OCRRect(x: 205, y: 52, width: 10, height: 10), level: 0)
        #expect(TextRegionDetector.joiningWords([cents, high, whole]).count == 3)
    }
}

extension TextRegionDetectorTests {
    @Test("leaves the edge of a tag out of the line of the text on it")
    func leavesATagsEdgeOutOfItsLine() throws {
        // A generated tilt frame (seed 12, frame 21): `GBP 71.99` from x 17 on a white tag whose
        // edge, on the dark shelf, lies at x 3-5. The edge's step, paired up with the `G`, took the
        // line to x 4: a fifth of a height from the image's edge, so the line counted as cut.
        let regions = try detectKeepingEdges("tag-edge-before-price-at-left-edge.pgm")
        let price = try #require(regions.first { $0.box.x + $0.box.width >= 150 && $0.box.y <= 62 && $0.box.y + $0.box.height >= 62 },
                                 "\(regions.map(\.box))")
        #expect(price.box.x >= 10 && price.box.x <= 18, "\(price.box)")
    }

    @Test("splits a line where the border of a small tag crosses it")
    func splitsALineAtATagsBorder() throws {
        // A generated noisy frame (seed 15, frame 1): `£30` (x 49-93) on a small tag whose borders,
        // too short to be dropped on the coarse level, joined it to `Sparkling Water` and to
        // `EUR 75,99` on the next tag (x 147-345): the lines from x 18 read as `2. EUR 75,99`.
        let regions = try detectKeepingEdges("small-tag-beside-next-tag-in-noise.pgm")
        let price = try #require(regions.first { $0.box.x <= 60 && $0.box.x + $0.box.width >= 90 && $0.box.y <= 55 && $0.box.y + $0.box.height >= 55 },
                                 "\(regions.map(\.box))")
        #expect(price.box.x + price.box.width <= 120, "\(price.box)")
        #expect(regions.contains { $0.box.x >= 120 && $0.box.x <= 150 && $0.box.width >= 200 && $0.box.y <= 75 && $0.box.y + $0.box.height >= 75 },
                "EUR 75,99 on a line of its own: \(regions.map(\.box))")
    }
}

extension TextRegionDetectorTests {
    @Test("does not split a line at a column of digits that runs through the lines of a receipt")
    func keepsAReceiptsDigitsWhole() throws {
        // A crop of a real receipt (lidl_21042020_09_01706.jpg): right-aligned prices, `10,88` at
        // x 168-263. On a coarse level the `1` chains into the digits below it; split there, the
        // line read as `0,88`.
        let regions = try detectKeepingEdges("receipt-price-column.pgm")
        let price = try #require(regions.first { $0.box.x <= 220 && $0.box.x + $0.box.width >= 220 && $0.box.y <= 180 && $0.box.y + $0.box.height >= 180 },
                                 "\(regions.map(\.box))")
        #expect(price.box.x <= 168, "\(price.box)")
    }
}

import Capture
import Foundation
import OCR
import PriceParsing
import SceneAnalysis
import Testing
import Tracking
@testable import Pipeline

@Suite("OCRJobRunner")
struct OCRJobRunnerTests {
    /// A frame of a luma fixture next to this file (a crop of a generated frame), keeping its
    /// first `width` columns when given: the frame's right edge moved nearer its text.
    static func fixture(_ name: String, width: Int? = nil) throws -> Frame {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
        let image = try ImageLoader.loadLuma(path: path)
        let kept = min(width ?? image.width, image.width)
        let luma = (0..<image.height).flatMap { row in image.luma[row * image.width..<row * image.width + kept] }
        return try Frame(luma: luma, width: kept, height: image.height, stride: kept, sequence: 0, timestamp: MonotonicInstant.now())
    }

    /// A Tesseract handle and a runner of jobs on it, reading four lines per read job.
    static func engineAndRunner(extractor: PriceExtractor = PriceExtractor()) throws -> (TesseractEngine, OCRJobRunner) {
        let engine = try TesseractEngine(configuration: OCRConfiguration(pageSegmentation: .sparseText))
        let queue = OCRJobQueue(staleAfter: nil, dropped: { _ in })
        return (engine, OCRJobRunner(recognizers: RegionRecognizerPool(), queue: queue, linesPerReadJob: 4, extractor: extractor))
    }

    @Test("frames a price's second read no taller than the line it was read on")
    func secondReadStaysWithinItsLine() {
        // `R$ 284,31` read on a proposed line 49 px high near the bottom of a 640x480 frame; the
        // line above ends 6 px over it. A crop a fifth of a text height taller than the price took
        // in the neighbours' glyph edges and read `RS 284, 31`.
        let line = PixelRect(x: 154, y: 423, width: 191, height: 49)
        let price = PixelRect(x: 160, y: 430, width: 180, height: 36)
        let crop = OCRJobRunner.region(around: price, within: line, width: 640, height: 480).box
        #expect(crop.y == 423 && crop.y + crop.height == 472)
        // Sideways it is widened by half a text height each side, as a verification crop is.
        let wide = OCRJobRunner.region(around: price, width: 640, height: 480).box
        #expect(crop.x == wide.x && crop.width == wide.width && crop.x == 142)
        #expect(wide.y < crop.y && wide.y + wide.height > 472)
        // A price box taller than its line (a read that took in a descender) keeps its own height.
        let tall = OCRJobRunner.region(around: PixelRect(x: 160, y: 420, width: 180, height: 56), within: line, width: 640, height: 480).box
        #expect(tall.y == 420 && tall.y + tall.height == 476)
    }
}

extension OCRJobRunnerTests {
    @Test("counts a line as beside another only on its row, at a similar height, within 1.5 heights")
    func besideIsOnTheSameRowAndClose() {
        // `71.99` read whole while `GBP`, a wide space to its left, is still cut by the frame's edge.
        let amount = PixelRect(x: 121, y: 170, width: 130, height: 37)
        #expect(OCRJobRunner.isBeside(amount, PixelRect(x: -20, y: 168, width: 110, height: 39)))
        #expect(OCRJobRunner.isBeside(amount, PixelRect(x: 290, y: 172, width: 80, height: 34)))
        // Too far, on the next row, or much smaller text (a product name) are not.
        #expect(!OCRJobRunner.isBeside(amount, PixelRect(x: -80, y: 168, width: 110, height: 39)))
        #expect(!OCRJobRunner.isBeside(amount, PixelRect(x: 0, y: 215, width: 110, height: 37)))
        #expect(!OCRJobRunner.isBeside(amount, PixelRect(x: 0, y: 180, width: 110, height: 14)))
    }
}

extension OCRJobRunnerTests {
    private static func price(_ amount: String, x: Double, width: Double = 100) -> DetectedPrice {
        DetectedPrice(
            text: amount, amount: Decimal(string: amount) ?? 0, currency: "USD", currencyEvidence: .default,
            box: PixelRect(x: x, y: 100, width: width, height: 30), confidence: 0.8)
    }

    @Test("reads a price a third time only when its second read found another amount")
    func thirdReadOnlyForDisputedPrices() {
        // `51,966.99` (the `$` read as 5) and `$1,966.99`; `4.58` read again alike; `61.00` whose
        // second crop read nothing.
        let first = [Self.price("51966.99", x: 10, width: 190), Self.price("4.58", x: 300), Self.price("61.00", x: 500)]
        let crops = first.map { PixelRect(x: $0.box.x - 15, y: 95, width: $0.box.width + 30, height: 40) }
        let second = [Self.price("1966.99", x: 5, width: 200), Self.price("4.58", x: 301)]
        #expect(OCRJobRunner.disputed(first, crops: crops, secondReads: second) == [0])
        #expect(OCRJobRunner.disputed(first, crops: crops, secondReads: []) == [])
    }
}


extension OCRJobRunnerTests {
    private static func word(_ text: String, x: Int, width: Int) -> OCRWord {
        OCRWord(text: text, box: OCRRect(x: x, y: 40, width: width, height: 36), confidence: 0.8)
    }

    private static func line(_ words: [OCRWord]) -> OCRLine {
        let x0 = words.map(\.box.x).min() ?? 0, x1 = words.map { $0.box.x + $0.box.width }.max() ?? 0
        return OCRLine(text: words.map(\.text).joined(separator: " "), box: OCRRect(x: x0, y: 40, width: x1 - x0, height: 36),
                       confidence: 0.8, words: words)
    }

    @Test("drops the words of a line read at the frame's side that lie within half a height of the edge")
    func dropsWordsNearTheSides() throws {
        // The `9` of the next tag at the left edge, joined to `1791 Kč`.
        let joined = Self.line([Self.word("9", x: 0, width: 12), Self.word("1791", x: 60, width: 90), Self.word("Kč", x: 160, width: 40)])
        let kept = try #require(OCRJobRunner.droppingWordsNearSides(of: joined, width: 640))
        #expect(kept.text == "1791 Kč")
        #expect(kept.box == OCRRect(x: 60, y: 40, width: 140, height: 36))
        // `12,4¢` of `12,49 €`: the cut `9` read as a cent sign, 4 px from the right edge.
        #expect(OCRJobRunner.droppingWordsNearSides(of: Self.line([Self.word("12,4¢", x: 560, width: 76)]), width: 640) == nil)
        // Half a height (18 px) from both edges, a line is kept as read.
        let inside = Self.line([Self.word("EUR", x: 18, width: 60), Self.word("82,99", x: 90, width: 532)])
        #expect(OCRJobRunner.droppingWordsNearSides(of: inside, width: 640) == inside)
    }

    @Test("reads no price on a line read at the frame's side where a number runs on into a dropped word")
    func dropsANumberSplitAtTheEdge() throws {
        // `€ 1.122,17` cut after `1.122,1`, read as `€`, `1.1` and `22,1` (10 px from the edge):
        // `1.1` ends 6 px before the dropped word, so what is left is not `€1.1`.
        let split = Self.line([Self.word("€", x: 450, width: 24), Self.word("1.1", x: 484, width: 40), Self.word("22,1", x: 530, width: 100)])
        #expect(OCRJobRunner.droppingWordsNearSides(of: split, width: 640) == nil)
        // At the left edge, `1 791 Kč` is not kept when its leading `1` is 8 px from a dropped `9`
        // (more of the same number, as far as the read can tell).
        let left = Self.line([Self.word("9", x: 2, width: 14), Self.word("1", x: 24, width: 10), Self.word("791", x: 60, width: 70), Self.word("Kč", x: 140, width: 40)])
        #expect(OCRJobRunner.droppingWordsNearSides(of: left, width: 640) == nil)
        // A word that ends in a letter next to the dropped one, or a number a word space away, stays.
        let named = Self.line([Self.word("2,49", x: 400, width: 70), Self.word("Milch", x: 520, width: 90), Self.word("3", x: 615, width: 20)])
        #expect(try #require(OCRJobRunner.droppingWordsNearSides(of: named, width: 640)).text == "2,49 Milch")
        let spaced = Self.line([Self.word("USD", x: 400, width: 60), Self.word("4.99", x: 470, width: 80), Self.word("12", x: 590, width: 40)])
        #expect(try #require(OCRJobRunner.droppingWordsNearSides(of: spaced, width: 640)).text == "USD 4.99")
    }
}

extension OCRJobRunnerTests {
    @Test("reads a price a second time from a crop as tall as its line's ink, not as the crop the line was read from")
    func secondReadCropsToTheInk() throws {
        // Frame 155 of handheld-1280 around a motion-blurred `2 934 Kč`: the line reads
        // `2 934 Ké|`. Its box is the padded crop it was read from (106 px for 81 px of ink), and a
        // second read that tall took in the lines above and below and read nothing, so the price
        // waited for a read of a later frame.
        let frame = try Self.fixture("blurred-czk-tag.pgm")
        let (engine, runner) = try Self.engineAndRunner()
        let proposal = TextRegion(box: OCRRect(x: 56, y: 68, width: 388, height: 76), level: 2)
        let result = runner.run(OCRJob(kind: .read([proposal]), priority: .newRegions, frame: frame, time: 0), engine: engine)
        let extractor = PriceExtractor()
        let first = result.lines.flatMap { extractor.prices(in: TextLine($0)) }
        #expect(first.map(\.amount) == [2934])
        let second = result.confirmations.flatMap { extractor.prices(in: TextLine($0)) }
        #expect(second.map(\.amount) == [2934], "second reads: \(result.confirmations.map(\.text)), empty crops: \(result.emptyCrops)")
    }
}

extension OCRJobRunnerTests {
    @Test("reads no price a second time whose digits end at the frame's edge")
    func noSecondReadForAPriceCutByTheEdge() throws {
        // The same tag with the frame ending 16 px after `2 934` (its `Kč` outside): the line's
        // `2 934` may be cut, so a second read of the same pixels must not confirm it at once
        // (`€32.` of `€32.50` confirmed itself so, and showed once the camera had moved it inward).
        let width = 290
        let frame = try Self.fixture("blurred-czk-tag.pgm", width: width)
        let (engine, runner) = try Self.engineAndRunner(extractor: PriceExtractor(configuration: .init(acceptsBareNumbers: true)))
        // The line as a scan reads it: a fifth of a height inside the edge (one reaching nearer is
        // read only when it ends in a word).
        let proposal = TextRegion(box: OCRRect(x: 56, y: 68, width: width - 56 - 16, height: 76), level: 2)
        let result = runner.run(OCRJob(kind: .read([proposal]), priority: .newRegions, frame: frame, time: 0), engine: engine)
        let extractor = PriceExtractor(configuration: .init(acceptsBareNumbers: true))
        #expect(result.lines.flatMap { extractor.prices(in: TextLine($0)) }.map(\.amount) == [2934], "\(result.lines.map(\.text))")
        #expect(result.confirmations.isEmpty, "second reads: \(result.confirmations.map(\.text))")
    }
}

extension OCRJobRunnerTests {
    @Test("takes a read line's extent from its words' boxes, or its own box when it has none")
    func inkBoxIsTheWordsUnion() {
        let words = [
            OCRWord(text: "2", box: OCRRect(x: 63, y: 66, width: 44, height: 64), confidence: 0.9),
            OCRWord(text: "934", box: OCRRect(x: 137, y: 69, width: 145, height: 68), confidence: 0.9),
        ]
        let line = OCRLine(text: "2 934", box: OCRRect(x: 60, y: 52, width: 230, height: 99), confidence: 0.9, words: words)
        #expect(OCRJobRunner.inkBox(of: line) == PixelRect(x: 63, y: 66, width: 219, height: 71))
        let bare = OCRLine(text: "2 934", box: OCRRect(x: 60, y: 52, width: 230, height: 99), confidence: 0.9, words: [])
        #expect(OCRJobRunner.inkBox(of: bare) == PixelRect(x: 60, y: 52, width: 230, height: 99))
    }
}

extension OCRJobRunnerTests {
    @Test("reads a price whose currency marker ends just before the frame's right edge")
    func readsAPriceClosedByItsMarkerAtTheRightEdge() throws {
        // A crop of a generated frame whose right edge is the frame's: `2 753 Kč`, its `č` 2 px
        // from the edge. Its line was not read until it lay a fifth of a height inside (12 frames
        // on four seed-14 condition sequences).
        let frame = try Self.fixture("czk-price-at-right-edge.pgm")
        let (prices, lines) = try Self.scanned(frame)
        #expect(prices.contains { $0.amount == 2753 && $0.currency == "CZK" }, "\(prices.map { "\($0.amount) \($0.currency)" })")
        // Not the small print ending as near the edge (`5153789969071`): it waits until in view.
        #expect(!lines.contains { $0.box.height < 20 && $0.box.x + $0.box.width > frame.width - 8 }, "\(lines.map(\.box))")
    }

    /// The prices read by a scan of the whole frame and the read jobs it queues.
    static func pricesScanned(in frame: Frame) throws -> [DetectedPrice] {
        try scanned(frame).prices
    }

    /// The prices read by a scan of the whole frame and the read jobs it queues, and the lines read;
    /// the `noPrice` lines were read before and held no price.
    static func scanned(_ frame: Frame, noPrice: [PixelRect] = []) throws -> (prices: [DetectedPrice], lines: [TextRegion]) {
        let engine = try TesseractEngine(configuration: OCRConfiguration(pageSegmentation: .sparseText))
        let queue = OCRJobQueue(staleAfter: nil, dropped: { _ in })
        let extractor = PriceExtractor()
        let runner = OCRJobRunner(recognizers: RegionRecognizerPool(), queue: queue, linesPerReadJob: 4, extractor: extractor)
        let all = CellMask(cellSize: 16, frameWidth: frame.width, frameHeight: frame.height, value: true)
        let none = CellMask(cellSize: 16, frameWidth: frame.width, frameHeight: frame.height)
        let scan = OCRJob(kind: .scan(unread: all, forced: none, known: [], noPrice: noPrice), priority: .newRegions, frame: frame, time: 0)
        _ = runner.run(scan, engine: engine)
        var prices: [DetectedPrice] = []
        var lines: [TextRegion] = []
        while queue.depth > 0, let job = queue.pop() {
            if case .read(let regions, _, _, _, _) = job.kind { lines += regions }
            let result = runner.run(job, engine: engine)
            prices += result.lines.flatMap { extractor.prices(in: TextLine($0)) }
            queue.finish(job)
        }
        return (prices, lines)
    }

    @Test("leaves a tag's small print unread and reads its price")
    func scanLeavesSmallPrintUnread() throws {
        // `Alpina Olive Oil Extra` above `$98.95`, `14.11.2026` below it (static-640, frame 110).
        let (prices, lines) = try Self.scanned(try Self.fixture("price-under-name.pgm"))
        #expect(prices.map(\.amount) == [Decimal(string: "98.95")])
        #expect(lines.count == 1, "\(lines.map(\.box))")
        #expect(lines.allSatisfy { $0.box.height > 25 }, "\(lines.map(\.box))")
        // Once the price's line is known to hold no price (as a heading would), its small print is read.
        let price = try #require(lines.first.map { OCRJobRunner.rect($0.box) })
        let (_, all) = try Self.scanned(try Self.fixture("price-under-name.pgm"), noPrice: [price])
        #expect(all.count == 3, "\(all.map(\.box))")
    }


    @Test("reads a price near the right edge whose cents end before a blank strip, not one nearer the edge")
    func readsAPriceWhoseCentsEndBeforeTheRightEdge() throws {
        // A crop of a generated frame whose right edge is the frame's: `CHF 30.95` ends 11 px (0.3
        // heights) from it, its line's box 4 px. It was read two frames later, a fifth of a height in.
        let frame = try Self.fixture("chf-price-near-right-edge.pgm")
        let prices = try Self.pricesScanned(in: frame)
        #expect(prices.contains { $0.amount == Decimal(string: "30.95") && $0.currency == "CHF" }, "\(prices.map { "\($0.amount) \($0.currency)" })")
        // The frame ending 3 px after the `5`: a further digit could follow outside, so the read is
        // not kept.
        let narrower = try Self.fixture("chf-price-near-right-edge.pgm", width: 292)
        let cut = try Self.pricesScanned(in: narrower)
        #expect(!cut.contains { $0.currency == "CHF" }, "\(cut.map { "\($0.amount) \($0.currency)" })")
    }

    @Test("keeps a line read at the right edge only when it has a digit and ends in a word or a currency sign")
    func linesAtTheRightEdgeMustEndInAWord() {
        func line(_ text: String) -> OCRLine {
            OCRLine(text: text, box: OCRRect(x: 0, y: 0, width: 100, height: 30), confidence: 90, words: [])
        }
        #expect(OCRJobRunner.endsInWord(line("2 753 Kč")))
        #expect(OCRJobRunner.endsInWord(line("€ 12,49 €")))
        // The edge in the gap of `€82|.99`, and a lone marker or a name with nothing to show.
        #expect(!OCRJobRunner.endsInWord(line("€82")))
        #expect(!OCRJobRunner.endsInWord(line("€82. ")))
        #expect(!OCRJobRunner.endsInWord(line("€")))
        #expect(!OCRJobRunner.endsInWord(line("Oat Cookies")))
    }
}

extension OCRJobRunnerTests {
    @Test("reads an amount proposed apart from the code before it joined to that code")
    func readsAnAmountWithTheCodeBeforeIt() throws {
        // A crop of a generated tilt frame: the monospaced `GBP  71.99`, printed with two spaces,
        // is proposed as `GBP` and `71.99`, 0.8 heights apart. Read alone, `71.99` has no currency
        // marker and was shown in the source currency (USD).
        let frame = try Self.fixture("double-spaced-gbp-price.pgm")
        let (prices, lines) = try Self.scanned(frame)
        #expect(lines.contains { $0.box.x > 150 && $0.box.width < 150 }, "the amount is proposed apart: \(lines.map(\.box))")
        #expect(prices.contains { $0.amount == Decimal(string: "71.99") && $0.currency == "GBP" }, "\(prices.map { "\($0.amount) \($0.currency)" })")
        #expect(!prices.contains { $0.currency == "USD" }, "\(prices.map { "\($0.amount) \($0.currency)" })")
    }

    @Test("pairs a line with a short word before it only on its row, at its height, 3/4 to 1.5 heights away")
    func wordBeforeIsShortAndNear() {
        func region(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> TextRegion {
            TextRegion(box: OCRRect(x: x, y: y, width: width, height: height), level: 1)
        }
        let amount = region(164, 70, 132, 36)
        let pair = OCRJobRunner.wordBefore(amount, among: [region(50, 66, 86, 36), amount])
        #expect(pair?.joined.box == OCRRect(x: 50, y: 66, width: 246, height: 40))
        #expect(pair?.line == PixelRect(x: 164, y: 70, width: 132, height: 36))
        // Nearer than 3/4 of a height the detector joins words; further than 1.5 heights, a word
        // wider than 3.5 heights, smaller print and another row are not its marker.
        #expect(OCRJobRunner.wordBefore(amount, among: [region(120, 66, 30, 36)]) == nil)
        #expect(OCRJobRunner.wordBefore(amount, among: [region(20, 66, 80, 36)]) == nil)
        #expect(OCRJobRunner.wordBefore(amount, among: [region(0, 66, 134, 36)]) == nil)
        #expect(OCRJobRunner.wordBefore(amount, among: [region(80, 80, 50, 16)]) == nil)
        #expect(OCRJobRunner.wordBefore(amount, among: [region(50, 110, 86, 36)]) == nil)
    }
}

extension OCRJobRunnerTests {
    @Test("verifies a confirmed price from a crop no taller than its box, clear of the line above")
    func verificationCropStaysClearOfTheLineAbove() throws {
        // Frame 110 of static-640 around `$98.95`, light on a dark tag, 6 px under its product
        // name: a crop a fifth of a height taller reached into the name's glyphs and read nothing.
        let frame = try Self.fixture("price-under-name.pgm")
        let (engine, runner) = try Self.engineAndRunner()
        let price = PixelRect(x: 54.4, y: 32.9, width: 94.4, height: 30.4)
        let result = runner.run(OCRJob(kind: .verify(key: 1, box: price), priority: .verification, frame: frame, time: 0), engine: engine)
        let extractor = PriceExtractor()
        let read = result.lines.flatMap { extractor.prices(in: TextLine($0)) }
        #expect(read.map(\.amount) == [Decimal(string: "98.95")], "\(result.lines.map(\.text))")
        let crop = OCRJobRunner.verificationRegion(around: price, width: frame.width, height: frame.height).box
        #expect(crop.y == 32 && crop.height <= 32, "\(crop)")
    }
}

import Capture
import OCR
import PriceParsing
import SceneAnalysis
import TextDetection
import Tracking

/// Runs ``OCRJob``s on a worker's engine: proposals for a scan (split into read jobs so every
/// worker shares them), single lines for reads and verifications, one sparse pass for a whole frame.
struct OCRJobRunner: Sendable {
    let recognizers: RegionRecognizerPool
    let queue: OCRJobQueue
    /// Lines read per ``OCRJob/Kind/read(_:)`` job when a scan splits its proposals.
    let linesPerReadJob: Int
    /// Finds the prices on lines just read, to read each one a second time at once (see
    /// ``OCRJobResult/confirmations``); its currency settings do not matter for that.
    let extractor: PriceExtractor
    /// Proposals made ahead on idle workers (`--fast`), taken by scans instead of proposing again.
    var proposalsAhead: ProposalsAhead? = nil
    /// The trained text detectors: scans find their lines with them (``TextLocator``), where the
    /// frame changed, instead of with the recognizers' own line finder.
    var detectors: TextDetectorPool? = nil

    /// Runs the job and returns what it found (failures are results too, never thrown).
    func run(_ job: OCRJob, engine: TesseractEngine) -> OCRJobResult {
        var result = OCRJobResult(job: job.id, kind: job.kind, frameSequence: job.frame.sequence, frameTime: job.time,
            frameWidth: job.frame.width, frameHeight: job.frame.height)
        let frame = job.frame
        do throws(OCRError) {
            switch job.kind {
            case .scan(let unread, let forced, let forcedLines, let edgeLines, let known, let confirmed, let noPrice):
                let all: [TextRegion]
                if let detectors {
                    let runs = unread.runs
                    // Large text needs the coarse level; a strip that came into view rarely holds it whole.
                    let area = runs.reduce(0) { $0 + $1.width * $1.height }
                    let detected = try detect(in: frame, around: runs, using: detectors, coarse: area >= Double(frame.width * frame.height) / 4)
                    all = detected.map(TextRegion.init(detected:))
                    result.cutAtRegion = detected.filter(\.isCut).map { Self.rect(TextRegion(detected: $0).box) }
                } else {
                    all = proposalsAhead?.take(frame.sequence) ?? recognizers.withRecognizer { recognizer in
                        frame.luma.withUnsafeBufferPointer {
                            // Lines cut by the edge too: they are followed until in view (``OCRScheduler``).
                            recognizer.propose(luma: $0, width: frame.width, height: frame.height, stride: frame.stride, keepingLinesAtEdges: true)
                        }
                    }
                }
                // The lines beside which smaller ones are a tag's small print: all but those found
                // to hold no price.
                let tallerLines = all.map { Self.rect($0.box) }.filter { line in
                    !noPrice.contains { $0.intersectionOverUnion(line) >= Self.sameLineOverlap }
                }
                let proposed = all.filter { unread.intersects(Self.rect($0.box)) }
                // A line still cut by the frame's edge is read once it has come into view, or as it
                // is once it has stayed there. Tall lines first: on a tag the price is the biggest
                // text, so prices are read first.
                let tallest = proposed.map(\.box.height).max() ?? 0
                let readable = proposed.map { region in
                    let line = Self.rect(region.box)
                    if OCRScheduler.isInView(line, marginHeights: OCRScheduler.readingEdgeMargin, width: frame.width, height: frame.height) {
                        return true
                    }
                    // At the right edge only text at least half as tall as the tallest line, a
                    // price's size: most small print read there (`Best befi`, `Art.`) was discarded.
                    let nearRight = line.maxX > Double(frame.width) - OCRScheduler.readingEdgeMargin * line.height
                    return (!nearRight || region.box.height * 2 >= tallest) && EdgeClearance.isClear(line, in: frame)
                }
                let atEdge = proposed.indices.filter { index in
                    let line = Self.rect(proposed[index].box)
                    // Cut at a side only: a line cut at the top or bottom loses the tails of its
                    // commas, which then read as points.
                    return !readable[index] && edgeLines.contains { Self.isSameLine(line, $0) }
                        && OCRScheduler.isInView(line, marginHeights: 0, width: frame.width, height: frame.height)
                }
                let due = proposed.indices.filter { index in
                    atEdge.contains(index)
                        || readable[index] && Self.needsReading(Self.rect(proposed[index].box), forced: forced, forcedLines: forcedLines, known: known)
                }
                // A tag's small print beside its price holds no price (``SmallPrint``).
                var toRead: [TextRegion] = []
                for index in due {
                    let line = Self.rect(proposed[index].box)
                    if let taller = SmallPrint.tallerLine(beside: line, among: tallerLines) {
                        result.smallPrint.append(SmallPrint.Line(line: line, beside: taller))
                    } else {
                        toRead.append(proposed[index])
                    }
                }
                let wanted = toRead
                    .sorted { ($0.box.height, $1.box.y, $1.box.x) > ($1.box.height, $0.box.y, $0.box.x) }
                result.incomplete = proposed.map { Self.rect($0.box) }
                    .filter { !OCRScheduler.isInFullView($0, width: frame.width, height: frame.height) }
                // Unread cells with no proposal on them have no text: they were read, with nothing found.
                var empty = unread
                for region in proposed { empty.set(Self.rect(region.box), to: false) }
                result.observed = empty.runs
                let cut = proposed.indices.filter { !readable[$0] }.map { Self.rect(proposed[$0].box) }
                let edgeReads = atEdge.map { Self.rect(proposed[$0].box) }
                var start = 0
                while start < wanted.count {
                    let end = min(wanted.count, start + max(1, linesPerReadJob))
                    let lines = Array(wanted[start..<end])
                    let besideCut = lines.map { Self.rect($0.box) }.filter { line in cut.contains { Self.isBeside(line, $0) } }
                    let readAsCut = lines.map { Self.rect($0.box) }.filter { edgeReads.contains($0) }
                    let wordsBefore = lines.compactMap { Self.wordBefore($0, among: proposed) }
                    queue.push(OCRJob(
                        kind: .read(lines, confirmed: confirmed, besideCut: besideCut, atEdge: readAsCut, wordsBefore: wordsBefore),
                        priority: .newRegions, frame: frame, time: job.time))
                    start = end
                }
            case .read(let regions, let confirmed, let besideCut, let atEdge, let wordsBefore):
                let clearOfRight = regions.map { Self.rect($0.box) }.filter { line in
                    !atEdge.contains(line) && !OCRScheduler.isInView(line, marginHeights: OCRScheduler.readingEdgeMargin, width: frame.width, height: frame.height)
                        && line.maxX > Double(frame.width) - OCRScheduler.readingEdgeMargin * line.height
                }
                var openAtRight: [PixelRect] = []
                result.lines = try read(regions, in: frame, engine: engine).compactMap { line in
                    let centre = (x: Double(line.box.x) + Double(line.box.width) / 2, y: Double(line.box.y) + Double(line.box.height) / 2)
                    if let region = clearOfRight.first(where: { $0.contains(x: centre.x, y: centre.y) }), !Self.endsInWord(line),
                       !endsInShownCents(line, in: frame) {
                        openAtRight.append(region)
                        return nil
                    }
                    guard atEdge.contains(where: { $0.contains(x: centre.x, y: centre.y) }) else { return line }
                    return Self.droppingWordsNearSides(of: line, width: frame.width)
                }
                result.lines = try joiningWordsBefore(result.lines, wordsBefore, in: frame, engine: engine)
                result.appearances = regions.map { LineAppearance(of: Self.rect($0.box), in: frame) }
                result.readAtEdge = atEdge + openAtRight
                // A line read at the edge says nothing about prices not found on it: they may be
                // the part outside, or the words dropped there.
                result.observed = regions.map { Self.rect($0.box) }.filter { !result.readAtEdge.contains($0) }
                result.partial = regions.map { Self.rect($0.box) }.filter { !OCRScheduler.isInFullView($0, width: frame.width, height: frame.height) } + besideCut
                let crops = try readAgain(result.lines, outside: confirmed, in: frame, engine: engine, into: &result)
                result.emptyCrops = crops.map { Self.rect($0.box) }.filter { crop in
                    !result.confirmations.contains { crop.contains(x: Double($0.box.x) + Double($0.box.width) / 2, y: Double($0.box.y) + Double($0.box.height) / 2) }
                }
            case .verify(_, let box):
                let crop = job.priority == .verification
                    ? Self.verificationRegion(around: box, width: frame.width, height: frame.height)
                    : Self.region(around: box, width: frame.width, height: frame.height)
                // With the detector, the tracked box is found again around where the tracker put
                // it and read along the found box: a crop of the tracked box alone loses a digit
                // when the box has drifted by a few pixels.
                let found = try detectors.map { (detectors) throws(OCRError) in try detectLine(around: box, in: frame, using: detectors) } ?? []
                result.lines = try read(found.isEmpty ? [crop] : found.map(TextRegion.init(detected:)), in: frame, engine: engine)
                result.observed = [box]
                // A tentative track whose crop reads nothing is read as its proposed line next;
                // a confirmed one is only verified, and waits for its next turn.
                if result.lines.isEmpty, job.priority == .tentative { result.emptyCrops = [Self.rect(crop.box)] }
            case .wholeFrame(let confirmed, let known, let band):
                if let detectors {
                    // A sweep: the detector looks at the band again, for lines the scans missed;
                    // those not read before are read as scans' lines are, after new regions.
                    let region = band ?? PixelRect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
                    let fresh = try detect(in: frame, around: [region], using: detectors, coarse: true).map(TextRegion.init(detected:)).filter { line in
                        let box = Self.rect(line.box)
                        return region.contains(x: box.midX, y: box.midY)
                            && OCRScheduler.isInView(box, marginHeights: OCRScheduler.readingEdgeMargin, width: frame.width, height: frame.height)
                            && Self.needsReading(box, forced: CellMask(cellSize: 16, frameWidth: frame.width, frameHeight: frame.height), known: known)
                    }
                    result.queuedReads = fresh.count
                    var start = 0
                    while start < fresh.count {
                        let end = min(fresh.count, start + max(1, linesPerReadJob))
                        queue.push(OCRJob(kind: .read(Array(fresh[start..<end]), confirmed: confirmed), priority: .wholeFrame, frame: frame, time: job.time))
                        start = end
                    }
                    break
                }
                result.lines = try frame.luma.withUnsafeBufferPointer { (buffer) throws(OCRError) -> [OCRLine] in
                    try engine.recognize(luma: buffer, width: frame.width, height: frame.height, stride: frame.stride)
                }
                result.priceBoxes = result.lines.flatMap { extractor.prices(in: TextLine($0)) }.map(\.box)
                // A price only the pass found (its line not proposed, or not yet read) is
                // confirmed at once when its second read agrees, as one found by a read is.
                _ = try readAgain(result.lines, outside: confirmed, in: frame, engine: engine, into: &result)
            }
            result.rightEndsShown = rightEndsShown(on: result.lines + result.confirmations + result.tieBreaks, in: frame)
        } catch {
            result.failure = error.description
        }
        return result
    }

    /// The text the detector finds in and around the `unread` parts of a frame: in the squares of
    /// the finest level's tile grid (``TextLocator/Configuration/finestBlock``) that they touch,
    /// each whole, so that a line across an unread part's edge is whole in most cases and no
    /// tile runs for a sliver of margin (a line still cut where the detection stopped is marked
    /// unread around it for the next scan); at the finest scale only unless `coarse`.
    private func detect(in frame: Frame, around unread: [PixelRect], using detectors: TextDetectorPool, coarse: Bool) throws(OCRError) -> [TextBox] {
        var configuration = TextLocator.Configuration.video(width: frame.width, height: frame.height)
        let regions = Self.blocks(touching: unread, block: configuration.finestBlock, width: frame.width, height: frame.height)
        if !coarse { configuration.scales = Array(configuration.scales.suffix(1)) }
        return try locate(in: frame, regions: regions, configuration: configuration, using: detectors)
    }

    /// The squares of `block` pixels on a grid from the frame's top-left corner that `rects`
    /// touch, clipped to the frame, each row's neighbouring squares joined into one rectangle.
    static func blocks(touching rects: [PixelRect], block: Int, width: Int, height: Int) -> [PixelBox] {
        guard block > 0, width > 0, height > 0 else { return [] }
        let columns = (width + block - 1) / block, rows = (height + block - 1) / block
        var touched = Array(repeating: false, count: columns * rows)
        for rect in rects where rect.width > 0 && rect.height > 0 {
            let c0 = max(0, Int((rect.x / Double(block)).rounded(.down)))
            let c1 = min(columns - 1, Int((rect.maxX / Double(block)).rounded(.up)) - 1)
            let r0 = max(0, Int((rect.y / Double(block)).rounded(.down)))
            let r1 = min(rows - 1, Int((rect.maxY / Double(block)).rounded(.up)) - 1)
            guard c0 <= c1, r0 <= r1 else { continue }
            for row in r0...r1 {
                for column in c0...c1 { touched[row * columns + column] = true }
            }
        }
        var out: [PixelBox] = []
        for row in 0..<rows {
            var column = 0
            while column < columns {
                guard touched[row * columns + column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < columns, touched[row * columns + column] { column += 1 }
                let x = start * block, y = row * block
                out.append(PixelBox(x: x, y: y, width: min(width, column * block) - x, height: min(height, y + block) - y))
            }
        }
        return out
    }

    /// The boxes a locator with `configuration` finds in `regions` of the frame, on a detector of the pool.
    private func locate(
        in frame: Frame, regions: [PixelBox], configuration: TextLocator.Configuration, using detectors: TextDetectorPool
    ) throws(OCRError) -> [TextBox] {
        let locator = TextLocator(configuration: configuration)
        do throws(DetectorError) {
            return try detectors.withDetector { (detector) throws(DetectorError) -> [TextBox] in
                try frame.luma.withUnsafeBufferPointer { (luma) throws(DetectorError) -> [TextBox] in
                    try locator.locate(luma: luma, width: frame.width, height: frame.height, stride: frame.stride, regions: regions, using: detector).boxes
                }
            }
        } catch {
            throw .detectionFailed(error.description)
        }
    }

    /// The detected boxes of a tracked line near `box`: the detector runs over the box grown by
    /// a text height on each side, at the scale that makes the text about ``verifiedTextHeight``
    /// network pixels high (within the video levels' scales), and the boxes whose centres lie
    /// within the box's rows and near its columns are kept.
    private func detectLine(around box: PixelRect, in frame: Frame, using detectors: TextDetectorPool) throws(OCRError) -> [TextBox] {
        guard box.height >= 1 else { return [] }
        let video = TextLocator.Configuration.video(width: frame.width, height: frame.height)
        var configuration = video
        let scale = min(video.scales.last ?? 1, max(video.scales.first ?? 1, Self.verifiedTextHeight / box.height))
        configuration.scales = [scale]
        let grow = box.height
        let region = PixelBox(x: Int(box.x - grow), y: Int(box.y - grow), width: Int(box.width + 2 * grow), height: Int(box.height + 2 * grow))
        return try locate(in: frame, regions: [region], configuration: configuration, using: detectors).filter { found in
            let centre = found.center
            return centre.y >= box.y && centre.y <= box.maxY && centre.x >= box.x - grow && centre.x <= box.maxX + grow
        }
    }

    /// Network pixels high that a tracked line's text is detected at when it is verified.
    static let verifiedTextHeight = 32.0

    /// The boxes of the prices on `lines` near the frame's right edge that end in their final
    /// digits with nothing printed right after them (``DetectedPrice/endsInFinalDigits``,
    /// ``EdgeClearance/isBlankAfter(_:in:)``): their right end is shown whole, however
    /// near the edge (see ``FrameReading/rightEndsShown``).
    private func rightEndsShown(on lines: [OCRLine], in frame: Frame) -> [PixelRect] {
        let width = Double(frame.width)
        return lines.filter { Double($0.box.x + $0.box.width) >= width - Double($0.box.height) }
            .flatMap { extractor.prices(in: TextLine($0)) }
            .filter { $0.box.maxX >= width - $0.box.height && $0.endsInFinalDigits && EdgeClearance.isBlankAfter($0.box, in: frame) }
            .map(\.box)
    }

    /// A line read while cut by the frame's side without its words within half its height of the
    /// left or right edge, or nil when none is left: a glyph partly outside reads as something
    /// else (the `9` of `12,49 €` cut there read as `¢`: `12,4¢`), and a word there may go on
    /// outside, whatever it ends with. Nil too when a kept word runs on into a dropped one: its
    /// end on that side is a digit or a decimal mark within half a height of it, as where
    /// Tesseract splits one number in two (`€ 1.1` and `22,1` of a `€ 1.122,17` cut after its
    /// second `1`): what is left of such a number is no price, as a number that ends at the
    /// frame's edge is none (``PriceStage``).
    static func droppingWordsNearSides(of line: OCRLine, width: Int) -> OCRLine? {
        let margin = max(1, line.box.height / 2)
        let isNearSide = { (word: OCRWord) in word.box.x < margin || word.box.x + word.box.width > width - margin }
        let dropped = line.words.filter(isNearSide)
        guard !dropped.isEmpty else { return line }
        let words = line.words.filter { !isNearSide($0) }
        guard let box = union(of: words), !words.contains(where: { runsOn($0, into: dropped, within: margin) }) else { return nil }
        return OCRLine(text: words.map(\.text).joined(separator: " "), box: box, confidence: line.confidence, words: words)
    }

    /// Whether the line ends in a price whose right end is shown whole (``rightEndsShown(on:in:)``):
    /// its cents (or a yen price's last thousands group), then a blank strip inside the frame.
    private func endsInShownCents(_ line: OCRLine, in frame: Frame) -> Bool {
        guard let last = line.text.last(where: { !$0.isWhitespace }), last.isNumber,
              let price = extractor.prices(in: TextLine(line)).last
        else { return false }
        return price.box.maxX >= Double(line.box.x + line.box.width) - price.box.height / 2 && price.endsInFinalDigits
            && EdgeClearance.isBlankAfter(price.box, in: frame)
    }

    /// Whether the line has a digit and ends in a letter or a currency sign, as a price closed
    /// by its currency marker (`2 753 Kč`): read from a line whose glyphs end just before the
    /// frame's right edge (``EdgeClearance/isClear(_:in:)``), it is whole. One that ends in a
    /// digit or a mark may go on past the edge, the edge falling in the gap of `€82|.99`: its reads
    /// (`€82`, `€82.`) started tracks that later reads of the whole price had to outvote. One
    /// without a digit has no price to show; read, it would count as known, and a line proposed
    /// later over part of it (`87 €` of `67,87 €`, after a lone `€` was read) would be read anew.
    static func endsInWord(_ line: OCRLine) -> Bool {
        guard line.text.contains(where: \.isNumber), let last = line.text.last(where: { !$0.isWhitespace }) else { return false }
        return last.isLetter || last.isCurrencySymbol
    }

    /// Whether `word` ends, on the side facing one of `others`, in a digit or a decimal mark no
    /// more than `gap` pixels from it: the two may be one number.
    private static func runsOn(_ word: OCRWord, into others: [OCRWord], within gap: Int) -> Bool {
        func isNumeric(_ character: Character?) -> Bool { character.map { $0.isNumber || $0 == "." || $0 == "," } ?? false }
        let left = word.box.x, right = word.box.x + word.box.width
        return others.contains { other in
            let otherLeft = other.box.x, otherRight = other.box.x + other.box.width
            if otherLeft >= right - gap, otherLeft - right <= gap { return isNumeric(word.text.last) }
            if otherRight <= left + gap, left - otherRight <= gap { return isNumeric(word.text.first) }
            return false
        }
    }

    /// Reads each price on `lines` a second time, but for those in one of the `confirmed` tracks'
    /// boxes and those that may be cut by the frame's edge, from a crop around it no taller than
    /// its line's ink (``region(around:within:width:height:)`` with ``inkBox(of:)``) into
    /// ``OCRJobResult/confirmations``; where that read a different amount, a third time from a
    /// crop framed as a verification's (``region(around:width:height:)``) into
    /// ``OCRJobResult/tieBreaks``, so that two of three reads can agree at once (a track is
    /// confirmed by two reads of one value). Returns the second reads' crops.
    private func readAgain(
        _ lines: [OCRLine], outside confirmed: [PixelRect], in frame: Frame, engine: TesseractEngine, into result: inout OCRJobResult
    ) throws(OCRError) -> [TextRegion] {
        let shown = rightEndsShown(on: lines, in: frame)
        let found = lines.flatMap { line in extractor.prices(in: TextLine(line)).map { (line: Self.inkBox(of: line), price: $0) } }
            .filter { found in !confirmed.contains { $0.contains(x: found.price.box.midX, y: found.price.box.midY) } }
            .filter { found in
                // A price that may be cut by the frame's edge gets no second read: read again in
                // the same pixels, `€32.` of `€32.50` (its cents outside) confirmed itself, and
                // moved on with the image it no longer lay near the edge (``PriceStage/isCutOff``).
                let price = found.price
                let whole = shown.contains { $0.contains(x: price.box.midX, y: price.box.midY) }
                return !PriceStage.isCutOff(
                    text: price.text, evidence: price.currencyEvidence, box: price.box, width: frame.width, height: frame.height,
                    rightEndShown: whole)
            }
        let crops = found.map { Self.region(around: $0.price.box, within: $0.line, width: frame.width, height: frame.height) }
        result.confirmations = try read(crops, in: frame, engine: engine)
        let disputed = Self.disputed(
            found.map(\.price), crops: crops.map { Self.rect($0.box) },
            secondReads: result.confirmations.flatMap { extractor.prices(in: TextLine($0)) })
        result.tieBreaks = try read(disputed.map { Self.region(around: found[$0].price.box, width: frame.width, height: frame.height) }, in: frame, engine: engine)
        return crops
    }

    /// The indices of the `first` prices whose second read, in the crop of the same index, found
    /// a price but not the same amount (one that found nothing says nothing against the first).
    static func disputed(_ first: [DetectedPrice], crops: [PixelRect], secondReads: [DetectedPrice]) -> [Int] {
        first.indices.filter { index in
            guard index < crops.count else { return false }
            let crop = crops[index]
            let others = secondReads.filter { crop.contains(x: $0.box.midX, y: $0.box.midY) }
            return !others.isEmpty && !others.contains { $0.amount == first[index].amount }
        }
    }

    private func read(_ regions: [TextRegion], in frame: Frame, engine: TesseractEngine) throws(OCRError) -> [OCRLine] {
        try recognizers.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
            try frame.luma.withUnsafeBufferPointer { (buffer) throws(OCRError) -> [OCRLine] in
                try recognizer.read(luma: buffer, width: frame.width, height: frame.height, stride: frame.stride, regions: regions, using: engine)
            }
        }
    }

    /// The crop for a second read of a price just found on a proposed line: as
    /// ``region(around:width:height:)`` but no taller than the line's text (and the price)
    /// itself, clear of the lines above and below (their glyphs' edges in a taller crop made the
    /// read fail: `GBP 18.16` on a tag near the top edge, a blurred `2 934 Kč`).
    static func region(around box: PixelRect, within line: PixelRect, width: Int, height: Int) -> TextRegion {
        let wide = region(around: box, width: width, height: height)
        let y0 = max(wide.box.y, Int(min(box.y, line.y).rounded(.down)))
        let y1 = min(wide.box.y + wide.box.height, Int(max(box.maxY, line.maxY).rounded(.up)))
        return TextRegion(box: OCRRect(x: wide.box.x, y: y0, width: wide.box.width, height: max(0, y1 - y0)), level: 0)
    }

    /// The union of a read line's word boxes (shrunk to their ink by the recogniser), or the line's
    /// box when it has no words: the line's own box is the whole crop it was read from, padded
    /// above and below into the lines around it.
    static func inkBox(of line: OCRLine) -> PixelRect {
        rect(union(of: line.words) ?? line.box)
    }

    /// The smallest box holding every word's box; nil for no words.
    private static func union(of words: [OCRWord]) -> OCRRect? {
        guard let first = words.first else { return nil }
        var x0 = first.box.x, y0 = first.box.y, x1 = first.box.x + first.box.width, y1 = first.box.y + first.box.height
        for word in words.dropFirst() {
            x0 = min(x0, word.box.x)
            y0 = min(y0, word.box.y)
            x1 = max(x1, word.box.x + word.box.width)
            y1 = max(y1, word.box.y + word.box.height)
        }
        return OCRRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The crop that verifies a confirmed price: its box widened by half a text height on each
    /// side, no taller. The line preparation pads a crop by a fifth of its height above and
    /// below (``OCR/LinePreprocessor``); a fifth more, as ``region(around:width:height:)`` adds,
    /// reached into the glyphs of the line above `$98.95` on static-640 (6 px over it), every
    /// verification read nothing, and its track lived on the whole-frame passes alone. A
    /// tentative track's crop stays as tall: with this one, a `2.31` read from a `2.3L` on
    /// handheld-1280 was confirmed by its verification and shown for 15 frames.
    static func verificationRegion(around box: PixelRect, width: Int, height: Int) -> TextRegion {
        let padX = 0.5 * box.height
        let x0 = max(0, Int((box.x - padX).rounded(.down))), y0 = max(0, Int(box.y.rounded(.down)))
        let x1 = min(width, Int((box.maxX + padX).rounded(.up))), y1 = min(height, Int(box.maxY.rounded(.up)))
        return TextRegion(box: OCRRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)), level: 0)
    }

    /// The line to read again for a tracked price: its box widened by half a text height on each
    /// side (a currency marker or digits the first read missed) and a fifth of one above and below,
    /// within the frame.
    static func region(around box: PixelRect, width: Int, height: Int) -> TextRegion {
        let padX = 0.5 * box.height, padY = box.height * 0.2
        let x0 = max(0, Int((box.x - padX).rounded(.down))), y0 = max(0, Int((box.y - padY).rounded(.down)))
        let x1 = min(width, Int((box.maxX + padX).rounded(.up))), y1 = min(height, Int((box.maxY + padY).rounded(.up)))
        return TextRegion(box: OCRRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)), level: 0)
    }

    /// Whether `other` continues `line`'s row within one and a half text heights to its left or
    /// right (a currency code a wide space before its amount: `GBP   71.99`), at a similar height.
    static func isBeside(_ line: PixelRect, _ other: PixelRect) -> Bool {
        let low = min(line.height, other.height), high = max(line.height, other.height)
        let overlap = min(line.maxY, other.maxY) - max(line.y, other.y)
        let gap = max(other.x - line.maxX, line.x - other.maxX)
        return high <= 1.5 * low && overlap >= 0.6 * low && gap >= 0 && gap <= 1.5 * line.height
    }

    /// The short word proposed before `line` that may be its currency marker (``OCRJob/WordBefore``):
    /// at most 3.5 of its height wide, of the line's height (within a quarter) and on its rows
    /// (overlapping 80 %), ending 3/4 to 1.5 heights before it (nearer, the detector joins them).
    static func wordBefore(_ line: TextRegion, among proposed: [TextRegion]) -> OCRJob.WordBefore? {
        let box = rect(line.box)
        let words = proposed.filter { other in
            let word = rect(other.box)
            let low = min(box.height, word.height), high = max(box.height, word.height)
            let overlap = min(box.maxY, word.maxY) - max(box.y, word.y)
            let gap = box.x - word.maxX
            return word.width <= 3.5 * word.height && high <= 1.25 * low && overlap >= 0.8 * low
                && gap >= 0.75 * low && gap <= 1.5 * low
        }
        guard let word = words.max(by: { $0.box.x < $1.box.x }) else { return nil }
        let x = word.box.x, y = min(word.box.y, line.box.y)
        let joined = OCRRect(
            x: x, y: y, width: line.box.x + line.box.width - x,
            height: max(word.box.y + word.box.height, line.box.y + line.box.height) - y)
        return OCRJob.WordBefore(line: box, joined: TextRegion(box: joined, level: max(word.level, line.level)))
    }

    /// The lines read, where the prices read on a line of `wordsBefore` all lack a currency marker
    /// and the line read joined to the word before it shows one of them with its marker, with
    /// that joined read in their place (`GBP  71.99`, not `71.99` in the source currency).
    private func joiningWordsBefore(
        _ lines: [OCRLine], _ wordsBefore: [OCRJob.WordBefore], in frame: Frame, engine: TesseractEngine
    ) throws(OCRError) -> [OCRLine] {
        var lines = lines
        for pair in wordsBefore {
            let onLine = lines.indices.filter { index in
                let box = lines[index].box
                return pair.line.contains(x: Double(box.x) + Double(box.width) / 2, y: Double(box.y) + Double(box.height) / 2)
            }
            let amounts = onLine.flatMap { extractor.prices(in: TextLine(lines[$0])) }
            guard !amounts.isEmpty, amounts.allSatisfy({ $0.currencyEvidence == .default }) else { continue }
            let joined = try read([pair.joined], in: frame, engine: engine)
            let marked = joined.flatMap { extractor.prices(in: TextLine($0)) }.filter { price in
                price.currencyEvidence != .default && amounts.contains { $0.amount == price.amount }
            }
            guard !marked.isEmpty else { continue }
            lines = lines.indices.filter { !onLine.contains($0) }.map { lines[$0] } + joined
        }
        return lines
    }

    /// Least intersection over union of a proposed line and a line read before for both to be the
    /// same line (proposals of one line vary a little from frame to frame).
    static let sameLineOverlap = 0.5

    /// Whether a scan reads a proposed line: one not read before (or grown since by more than half
    /// a text height: more of it came into view), one whose content changed, or one of the
    /// `forcedLines`.
    static func needsReading(_ line: PixelRect, forced: CellMask, forcedLines: [PixelRect] = [], known: [PixelRect]) -> Bool {
        forced.intersects(line) || forcedLines.contains { isSameLine(line, $0) }
            || !known.contains { $0.intersectionOverUnion(line) >= sameLineOverlap && lies(line, within: $0) }
    }

    /// Whether `line` reaches no further than half a text height beyond `read` on any side.
    static func lies(_ line: PixelRect, within read: PixelRect) -> Bool {
        let slack = 0.5 * read.height
        return line.x >= read.x - slack && line.maxX <= read.maxX + slack && line.y >= read.y - slack && line.maxY <= read.maxY + slack
    }

    /// Whether a proposed line is the line a forced line names: it covers at least half of the
    /// smaller of the two. Not intersection over union: a line cut by the frame's edge when it was
    /// seen is proposed longer once it has come into view; a line above or below shares little.
    static func isSameLine(_ proposed: PixelRect, _ forced: PixelRect) -> Bool {
        guard let common = proposed.intersection(forced) else { return false }
        let smaller = min(proposed.width * proposed.height, forced.width * forced.height)
        return smaller > 0 && common.width * common.height >= 0.5 * smaller
    }

    static func rect(_ box: OCRRect) -> PixelRect {
        PixelRect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
    }
}

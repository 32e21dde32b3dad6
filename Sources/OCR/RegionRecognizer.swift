import Foundation
import TextDetection

/// Reads the text of an image line by line: proposes text lines (``TextRegionDetector``), prepares
/// each one (``LinePreprocessor``: deskew, rescale, local contrast, polarity) and reads it with Tesseract
/// as a single line (`PSM_SINGLE_LINE`), instead of one sparse-text pass over the whole image; or,
/// with a ``LearnedLineReader``, reads every line and detected box with the trained recogniser,
/// Tesseract then only supplying currency signs the recogniser cannot write.
///
/// Light-on-dark text is inverted here, so Tesseract's own inversion (`tessedit_do_invert`) is
/// switched off while regions are read when ``RegionOptions/detectsPolarity`` is on; the engine's
/// page segmentation and inversion are restored afterwards, so the engine can still read whole
/// frames (a periodic whole-frame pass, if wanted, is the caller's choice).
///
/// Keeps its buffers between images: create one per OCR thread, next to its ``TesseractEngine``.
/// Not thread-safe.
public final class RegionRecognizer {
    public let options: RegionOptions
    private let detector: TextRegionDetector
    private let preprocessor: LinePreprocessor
    private var proposalTime: Duration = .zero
    private var ocrTime: Duration = .zero
    private var images = 0
    private var regions = 0

    /// Reads lines and detected boxes instead of Tesseract when set.
    private let learned: Result<LearnedLineReader, OCRError>?

    /// - Parameter learnedReader: the trained recogniser that reads lines and boxes instead of
    ///   Tesseract; a failure to make one is thrown by every read.
    public init(configuration options: RegionOptions = .init(), learnedReader: Result<LearnedLineReader, OCRError>? = nil) {
        self.options = options
        self.learned = learnedReader
        self.detector = TextRegionDetector(options: options)
        self.preprocessor = LinePreprocessor(options: options)
    }

    /// CPU time spent per step over every image read so far.
    public var timings: RegionTimings {
        var timings = preprocessor.timings
        timings.images = images
        timings.regions = regions
        timings.proposals = proposalTime
        timings.ocr = ocrTime
        return timings
    }

    /// Reads every proposed text line of an 8-bit luma image.
    ///
    /// - Parameters:
    ///   - luma: `stride * height` bytes, row-major, one byte a pixel.
    ///   - engine: the calling thread's engine.
    /// - Returns: the lines read, with word boxes in image pixels, in reading order.
    public func recognize(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, using engine: TesseractEngine
    ) throws(OCRError) -> [OCRLine] {
        guard width > 0, height > 0, stride >= width, width <= Int(Int32.max), height <= Int(Int32.max),
              luma.count >= stride * (height - 1) + width
        else {
            throw .invalidImage(width: width, height: height, stride: stride, bytes: luma.count)
        }
        return try read(luma: luma, width: width, height: height, stride: stride,
                        regions: propose(luma: luma, width: width, height: height, stride: stride), using: engine)
    }

    /// Proposes the text lines of an 8-bit luma image (``TextRegionDetector``), without reading them.
    ///
    /// The caller may read only some of them with ``read(luma:width:height:stride:regions:using:)``.
    /// - Parameter keepingLinesAtEdges: also propose lines cut by the image's edge (see
    ///   ``TextRegionDetector/detect(luma:width:height:stride:keepingLinesAtEdges:)``).
    public func propose(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, keepingLinesAtEdges: Bool = false
    ) -> [TextRegion] {
        guard width > 0, height > 0, stride >= width, luma.count >= stride * (height - 1) + width else { return [] }
        let started = ThreadCPUClock.now()
        let proposals = detector.detect(luma: luma, width: width, height: height, stride: stride, keepingLinesAtEdges: keepingLinesAtEdges)
        proposalTime += ThreadCPUClock.now() - started
        images += 1
        return proposals
    }

    /// Reads the given text lines of an 8-bit luma image, each prepared and read on its own as one line.
    ///
    /// - Parameter regions: line boxes in image pixels (from ``propose(luma:width:height:stride:)``,
    ///   or a tracked price's predicted box); boxes outside the image are clipped or skipped.
    /// - Returns: the lines read, with word boxes in image pixels, in the order of `regions`.
    public func read(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, regions proposals: [TextRegion],
        using engine: TesseractEngine
    ) throws(OCRError) -> [OCRLine] {
        guard width > 0, height > 0, stride >= width, width <= Int(Int32.max), height <= Int(Int32.max),
              luma.count >= stride * (height - 1) + width
        else {
            throw .invalidImage(width: width, height: height, stride: stride, bytes: luma.count)
        }
        regions += proposals.count
        engine.setPageSegmentation(.singleLine)
        if options.detectsPolarity { engine.setVariable("tessedit_do_invert", "0") }
        defer {
            engine.setPageSegmentation(engine.configuration.pageSegmentation)
            if options.detectsPolarity { engine.setVariable("tessedit_do_invert", "1") }
        }
        var lines: [OCRLine] = []
        for proposal in proposals {
            // A detector's box is read along its rotation; an upright line much taller than
            // wide (a tracked price of text printed sideways) is tried turned a quarter. With
            // the trained recogniser, every line is read by it, as a box.
            if let box = proposal.detected
                ?? (learned != nil || proposal.box.height * 2 > proposal.box.width * 3 ? Self.upright(proposal.box) : nil) {
                lines += try readBox(box, luma: luma, width: width, height: height, stride: stride, using: engine).lines
                continue
            }
            guard let crop = preprocessor.prepare(luma: luma, width: width, height: height, stride: stride, box: proposal.box) else {
                continue
            }
            let read = try readPrepared(crop, using: engine)
            lines += preprocessor.pixels.withUnsafeBufferPointer { pixels in
                read.map { line in
                    let tightened = Self.tightened(line, in: pixels, crop: crop, proposal: proposal.box)
                    return Self.mapped(options.joinsSplitDecimals ? DecimalWordJoiner.joined(tightened) : tightened, through: crop)
                }
            }
        }
        return lines
    }

    /// Reads text boxes found by a detector (``TextDetection/TextBox``), each cropped along its
    /// rotation, prepared by the ``LinePreprocessor`` and read by Tesseract as one line.
    ///
    /// Text at any orientation is read without being told which: a box much taller than wide is
    /// read turned a quarter either way (text printed up or down a tag, or a camera held on its
    /// side), and a read Tesseract is not sure of is tried upside down too; the reading Tesseract
    /// is the most confident of is kept.
    /// - Returns: the lines read, with word boxes in image pixels (the upright bounds of the
    ///   words as they lie in the image), in the order of `boxes`.
    public func read(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, boxes: [TextBox], using engine: TesseractEngine
    ) throws(OCRError) -> [OCRLine] {
        guard width > 0, height > 0, stride >= width, width <= Int(Int32.max), height <= Int(Int32.max),
              luma.count >= stride * (height - 1) + width
        else {
            throw .invalidImage(width: width, height: height, stride: stride, bytes: luma.count)
        }
        regions += boxes.count
        engine.setPageSegmentation(.singleLine)
        if options.detectsPolarity { engine.setVariable("tessedit_do_invert", "0") }
        defer {
            engine.setPageSegmentation(engine.configuration.pageSegmentation)
            if options.detectsPolarity { engine.setVariable("tessedit_do_invert", "1") }
        }
        var readings = try boxes.map { (box) throws(OCRError) -> SuperscriptCents.Reading in
            try readBox(box, luma: luma, width: width, height: height, stride: stride, using: engine)
        }
        // Small raised cents after a price's digits belong to it.
        var joinedAway = Set<Int>()
        for main in readings.indices where !readings[main].lines.isEmpty {
            for cents in readings.indices where cents != main && !joinedAway.contains(cents)
                && SuperscriptCents.isCents(readings[cents].box, after: readings[main]) {
                if let joined = SuperscriptCents.joined(readings[main].lines, readings[cents].lines) {
                    readings[main].lines = joined
                    joinedAway.insert(cents)
                    break
                }
            }
        }
        return readings.indices.filter { !joinedAway.contains($0) }.flatMap { readings[$0].lines }
    }

    /// Reads one detected box, each way round that ``LineOrientation`` suggests until one reads
    /// surely; the engine is set for single lines already.
    private func readBox(
        _ box: TextBox, luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, using engine: TesseractEngine
    ) throws(OCRError) -> SuperscriptCents.Reading {
        if let learned = try learned?.get() {
            return try readBox(box, with: learned, luma: luma, width: width, height: height, stride: stride, using: engine)
        }
        var best: (lines: [OCRLine], confidence: Double, turned: (width: Double, height: Double, angle: Double))?
        for orientation in LineOrientation.candidates(for: box) {
            let turned = orientation.applied(to: box)
            guard let crop = preprocessor.prepare(
                luma: luma, width: width, height: height, stride: stride, center: (box.center.x, box.center.y),
                boxWidth: turned.width, boxHeight: turned.height, angle: turned.angle, maximumUpscale: Self.detectedBoxUpscale)
            else { continue }
            let read = try readPrepared(crop, using: engine)
            let mapped = preprocessor.pixels.withUnsafeBufferPointer { pixels in
                read.map { line in
                    let tightened = Self.tightened(line, in: pixels, crop: crop, rows: crop.margin..<(crop.height - crop.margin))
                    return Self.mapped(options.joinsSplitDecimals ? DecimalWordJoiner.joined(tightened) : tightened, through: crop)
                }
            }
            // Upright, when tried first, keeps its reading unless another way round is clearly
            // surer: a misread upside down can look sure enough (`26.60` turned reads `09°92`).
            // Text running up or down is as likely either way.
            let confidence = Self.confidence(of: mapped) * Self.plausibility(of: mapped) + (best == nil && orientation == .upright ? Self.firstOrientationBonus : 0)
            if best.map({ confidence > $0.confidence }) ?? true { best = (mapped, confidence, turned) }
            if confidence >= Self.sureConfidence { break }
        }
        let turned = best?.turned ?? (width: box.width, height: box.height, angle: box.angle)
        return SuperscriptCents.Reading(box: box, angle: turned.angle, width: turned.width, height: turned.height, lines: best?.lines ?? [])
    }

    /// Reads one detected box with the trained recogniser. Which way up a crop is, PP-OCR's
    /// direction classifier says (a turned read is not tried on confidence alone); a box much
    /// taller than wide is read turned a quarter, and one a little taller than wide is read
    /// upright first and turned a quarter when that read is unsure. A currency sign the
    /// recogniser cannot write is taken from Tesseract's read of the box
    /// (``CurrencySignRecovery``).
    private func readBox(
        _ box: TextBox, with learned: LearnedLineReader, luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int,
        using engine: TesseractEngine
    ) throws(OCRError) -> SuperscriptCents.Reading {
        var best: (lines: [OCRLine], confidence: Double, turned: (width: Double, height: Double, angle: Double), unread: (leading: Bool, trailing: Bool))?
        func consider(_ turned: (width: Double, height: Double, angle: Double), checkingDirection: Bool, bonus: Double) throws(OCRError) {
            let started = ThreadCPUClock.now()
            let read = try learned.read(
                luma: luma, width: width, height: height, stride: stride, center: (box.center.x, box.center.y),
                boxWidth: turned.width, boxHeight: turned.height, angle: turned.angle, checkingDirection: checkingDirection)
            ocrTime += ThreadCPUClock.now() - started
            let lines = options.joinsSplitDecimals ? read.lines.map(DecimalWordJoiner.joined) : read.lines
            let confidence = Self.confidence(of: lines) * Self.plausibility(of: lines) + bonus
            if best.map({ confidence > $0.confidence }) ?? true { best = (lines, confidence, (turned.width, turned.height, read.angle), read.unread) }
        }
        // Each way round's opposite is the classifier's to find; a quarter turn still unsure is
        // read the other quarter round too (the classifier is less sure of text on end).
        for orientation in LineOrientation.candidates(for: box) where orientation == .upright || orientation == .quarterCounterclockwise {
            let turned = orientation.applied(to: box)
            try consider(turned, checkingDirection: true, bonus: best == nil && orientation == .upright ? Self.firstOrientationBonus : 0)
            if let best, best.confidence >= Self.sureConfidence { break }
            if orientation == .quarterCounterclockwise, let read = best?.turned {
                try consider((read.width, read.height, read.angle + .pi), checkingDirection: false, bonus: 0)
            }
        }
        let turned = best?.turned ?? (width: box.width, height: box.height, angle: box.angle)
        var lines = best?.lines ?? []
        if let line = lines.first, let unread = best?.unread, unread.leading || unread.trailing || SuperscriptCents.mayHaveRunInCents(line),
            let crop = preprocessor.prepare(
                luma: luma, width: width, height: height, stride: stride, center: (box.center.x, box.center.y),
                boxWidth: turned.width, boxHeight: turned.height, angle: turned.angle, maximumUpscale: Self.detectedBoxUpscale) {
            // Cents printed small and raised inside the box are read as digits of their own (`395`
            // of `3⁹⁵`): the crop prepared as for Tesseract shows where they begin.
            let raised = preprocessor.pixels.withUnsafeBufferPointer {
                SuperscriptCents.split(in: $0, width: crop.width, height: crop.height, margin: crop.margin, threshold: crop.inkThreshold)
            }
            if raised != nil, let marked = SuperscriptCents.withDecimals(lines) { lines = marked }
            if unread.leading || unread.trailing, let line = lines.first {
                let tesseract = try readPrepared(crop, using: engine)
                if unread.leading, let sign = CurrencySignRecovery.sign(in: tesseract, leading: true) {
                    lines[0] = CurrencySignRecovery.withSign(line, sign: sign, leading: true)
                } else if unread.trailing, let sign = CurrencySignRecovery.sign(in: tesseract, leading: false) {
                    lines[0] = CurrencySignRecovery.withSign(line, sign: sign, leading: false)
                }
            }
        }
        return SuperscriptCents.Reading(box: box, angle: turned.angle, width: turned.width, height: turned.height, lines: lines)
    }

    /// Reads the prepared line as one line, with cents run into or split off the main digits
    /// taken as its decimals (``SuperscriptCents``); counts the time in ``ocrTime``.
    private func readPrepared(_ crop: LineCrop, using engine: TesseractEngine) throws(OCRError) -> [OCRLine] {
        let ocrStarted = ThreadCPUClock.now()
        defer { ocrTime += ThreadCPUClock.now() - ocrStarted }
        let read = try preprocessor.pixels.withUnsafeBufferPointer { (buffer) throws(OCRError) -> [OCRLine] in
            try engine.recognize(luma: buffer, width: crop.width, height: crop.height, stride: crop.width)
        }
        guard let split = preprocessor.pixels.withUnsafeBufferPointer({
            SuperscriptCents.split(in: $0, width: crop.width, height: crop.height, margin: crop.margin, threshold: crop.inkThreshold)
        }) else { return read }
        if let marked = SuperscriptCents.withDecimals(read) { return marked }
        return try readSplit(at: split, crop: crop, using: engine) ?? read
    }

    /// The prepared line read as main digits (left of `split`) and superscript cents (right of
    /// it), each on its own with the line's background elsewhere, joined as one price; nil when
    /// the two reads are no such pair.
    private func readSplit(at split: Int, crop: LineCrop, using engine: TesseractEngine) throws(OCRError) -> [OCRLine]? {
        let background = preprocessor.pixels.first ?? 255
        func part(_ columns: Range<Int>) throws(OCRError) -> [OCRLine] {
            var pixels = preprocessor.pixels
            for y in 0..<crop.height {
                for x in 0..<crop.width where !columns.contains(x) { pixels[y * crop.width + x] = background }
            }
            return try pixels.withUnsafeBufferPointer { (buffer) throws(OCRError) -> [OCRLine] in
                try engine.recognize(luma: buffer, width: crop.width, height: crop.height, stride: crop.width)
            }
        }
        let main = try part(0..<split), cents = try part(split..<crop.width)
        return SuperscriptCents.joined(main, cents)
    }

    private static func upright(_ box: OCRRect) -> TextBox {
        TextBox(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
    }

    /// The most a detected box's crop is enlarged: small text (a shelf tag's digits, a dozen
    /// pixels high) reads best at Tesseract's own text height.
    static let detectedBoxUpscale = 4.0

    /// A reading this confident is kept without trying the box another way round.
    static let sureConfidence = 0.8

    /// How much surer than upright another way round's reading must be to replace it.
    static let firstOrientationBonus = 0.3

    /// The share of a reading's characters that text and prices are made of (letters, digits,
    /// currency signs, `.,%-/`): a line read the wrong way round comes out as marks (`ov C>`).
    static func plausibility(of lines: [OCRLine]) -> Double {
        let characters = lines.flatMap { $0.text.filter { !$0.isWhitespace } }
        guard !characters.isEmpty else { return 0 }
        let plain = characters.filter { $0.isLetter || $0.isNumber || $0.isCurrencySymbol || ".,%-/".contains($0) }
        return Double(plain.count) / Double(characters.count)
    }

    /// The confidence of a box's reading: its characters' mean word confidence, 0 for nothing read.
    static func confidence(of lines: [OCRLine]) -> Double {
        let words = lines.flatMap(\.words).filter { !$0.text.isEmpty }
        let characters = words.reduce(0) { $0 + $1.text.count }
        guard characters > 0 else { return 0 }
        return words.reduce(0) { $0 + $1.confidence * Double($1.text.count) } / Double(characters)
    }

    /// Reads every proposed text line of an 8-bit luma image held in an array.
    public func recognize(luma: [UInt8], width: Int, height: Int, stride: Int, using engine: TesseractEngine) throws(OCRError) -> [OCRLine] {
        try luma.withUnsafeBufferPointer { (buffer) throws(OCRError) -> [OCRLine] in
            try recognize(luma: buffer, width: width, height: height, stride: stride, using: engine)
        }
    }

    /// The line with each word box shrunk to the ink inside it and inside the proposed line.
    ///
    /// In single-line mode Tesseract gives every word the height of the whole crop (tag borders and
    /// the edges of the lines above and below included), so word boxes would be taller and wider
    /// than the text; price boxes are built from them.
    private static func tightened(_ line: OCRLine, in pixels: UnsafeBufferPointer<UInt8>, crop: LineCrop, proposal: OCRRect) -> OCRLine {
        // The proposal in crop pixels, one source pixel larger on every side.
        let top = crop.margin + Int((Double(proposal.y - 1 - crop.source.y) * crop.scale).rounded(.down))
        let bottom = crop.margin + Int((Double(proposal.y + proposal.height + 1 - crop.source.y) * crop.scale).rounded(.up))
        return tightened(line, in: pixels, crop: crop, rows: top..<bottom)
    }

    /// The line with each word box shrunk to the ink inside it, within `rows` of the crop.
    private static func tightened(_ line: OCRLine, in pixels: UnsafeBufferPointer<UInt8>, crop: LineCrop, rows: Range<Int>) -> OCRLine {
        var line = line
        let top = rows.lowerBound, bottom = rows.upperBound
        for index in line.words.indices {
            let box = line.words[index].box
            let x0 = max(0, box.x), y0 = max(0, box.y, top)
            let x1 = min(crop.width, box.x + box.width), y1 = min(crop.height, box.y + box.height, bottom)
            guard x1 > x0, y1 > y0 else { continue }
            var minX = x1, maxX = x0 - 1, minY = y1, maxY = y0 - 1
            for y in y0..<y1 {
                let row = y * crop.width
                for x in x0..<x1 where pixels[row + x] <= crop.inkThreshold {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
            guard maxX >= minX, maxY >= minY else { continue }
            let columns = withoutRules(minX...maxX, rows: y0..<y1, in: pixels, crop: crop)
            line.words[index].box = OCRRect(x: columns.lowerBound, y: minY, width: columns.count, height: maxY - minY + 1)
        }
        return line
    }

    /// The ink columns of a word without a rule at either end: a thin stroke, apart from the
    /// glyphs, whose ink runs through the whole height of the line (`rows`, a pixel above and
    /// below the text). A tag's border or a shelf edge beside the text is such a rule; no glyph
    /// reaches both rows. A wider crop (a second read, padded half a text height on each side)
    /// takes them in and Tesseract adds them to the first or last word, so the price's box
    /// grew to the border (and read as cut by the frame's edge when the tag was near it).
    private static func withoutRules(
        _ columns: ClosedRange<Int>, rows: Range<Int>, in pixels: UnsafeBufferPointer<UInt8>, crop: LineCrop
    ) -> ClosedRange<Int> {
        guard rows.count >= 4 else { return columns }
        let widest = max(1, rows.count / 5)
        let inked: (Int) -> Bool = { x in rows.contains { pixels[$0 * crop.width + x] <= crop.inkThreshold } }
        let crossing: (ClosedRange<Int>) -> Bool = { stroke in
            let touches: (Int) -> Bool = { y in stroke.contains { pixels[y * crop.width + $0] <= crop.inkThreshold } }
            return touches(rows.lowerBound) && touches(rows.upperBound - 1)
        }
        var lower = columns.lowerBound, upper = columns.upperBound
        // A leading rule: its ink ends within `widest` columns, then a gap before the glyphs.
        if let gap = (lower...min(upper, lower + widest)).first(where: { !inked($0) }), gap > lower,
            let glyphs = (gap...upper).first(where: inked), crossing(lower...(gap - 1))
        {
            lower = glyphs
        }
        if let gap = (max(lower, upper - widest)...upper).reversed().first(where: { !inked($0) }), gap < upper,
            let glyphs = (lower...gap).reversed().first(where: inked), crossing((gap + 1)...upper)
        {
            upper = glyphs
        }
        return lower...upper
    }

    /// A line read from a prepared crop, with its boxes moved back into source-image pixels.
    private static func mapped(_ line: OCRLine, through crop: LineCrop) -> OCRLine {
        let words = line.words.map { OCRWord(text: $0.text, box: crop.sourceBox($0.box), confidence: $0.confidence) }
        return OCRLine(text: line.text, box: crop.sourceBox(line.box), confidence: line.confidence, words: words)
    }
}

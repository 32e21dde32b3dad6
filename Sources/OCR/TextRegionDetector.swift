import CKernels

/// Finds text lines in an 8-bit luma image without OCR, so that Tesseract only reads the lines.
///
/// Works on an image pyramid (each level halves the previous one with a 2x2 mean). On every level
/// it marks strong horizontal luma steps that pair with an opposite step a stroke width away (text is
/// dense in them; shelf edges, tag borders and flat tags are not), drops vertical chains of marks taller than any text line (tag and box borders, also when rotated), joins marks closer
/// than a few pixels along each row into runs, and labels the runs into connected components.
/// A component whose height lies in the level's band (7–28 px) and which is wide and filled enough
/// is a text line; components of several stacked lines are split at the empty rows between them,
/// and a line is split where a border too short to be dropped crosses it, and trimmed of a tag's
/// edge that a glyph beside it paired up.
/// A component narrower than it is high (a lone `1`, the stem of an `E` whose bars leave no marks
/// close enough to join it) is no line of its own, but extends a line of its level that it sits
/// beside, at the line's height and within half a line height.
/// Each level therefore finds one octave-pair of text sizes, so both a big shelf price and small
/// print are found in one image; a line found on two levels is kept once (the coarser box, which
/// joins the words of a line, unless it spans several finer lines or reaches beyond them onto a
/// background of the other polarity: the lines of two neighbouring tags).
///
/// The detector keeps its buffers between calls: reuse one per thread to avoid per-frame allocations.
/// Not thread-safe.
public final class TextRegionDetector {
    public let options: RegionOptions

    /// Line heights each level looks for, in that level's pixels.
    static let bandMinimum = 7
    static let bandMaximum = 28
    /// Marks at most this far apart along a row belong to one run (letter and word gaps at band sizes).
    static let closingGap = 6

    private var pyramid: [[UInt8]] = []
    private var edges: [UInt8] = []
    private var rowSigns: [UInt8] = []
    private var strokePairing = StrokePairing()
    private var chains = VerticalChainLengths()
    private var strokeRuns = StrokeRuns()
    private var runs: [Run] = []
    private var parents: [Int32] = []
    private var runComponents: [Int32] = []
    private var components: [Component] = []
    private var componentOrder: [Int32] = []
    private var componentStarts: [Int32] = []
    private var componentFill: [Int32] = []
    private var rowCoverage: [Int32] = []
    private var candidates: [TextRegion] = []
    private var fragments: [OCRRect] = []
    /// The boxes of lines that a fragment a word space before them starts (see
    /// `attachFragments(toLinesFrom:)`): no word before them joins them.
    private var closedOnTheLeft: Set<OCRRect> = []
    /// The glyphs found as lines of their own that joined a line beside them
    /// (`attachFragments(toLinesFrom:)`): strokes inside one are no lines stacked in a coarser one.
    private var attachedGlyphs: [OCRRect] = []
    /// The full-resolution image of the running ``detect(luma:width:height:stride:keepingLinesAtEdges:)``
    /// call (nil outside it): where coarse lines are checked for two backgrounds.
    private var source: (base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int)?
    private var polarityPixels: [UInt8] = []
    /// The image of the level being searched, during ``detectLines(in:width:height:stride:level:band:)``.
    private var levelPlane: (base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int)?

    private struct Run {
        var y: Int32
        var x0: Int32
        var x1: Int32
        var marks: Int32
    }

    private struct Component {
        var minX: Int32, maxX: Int32, minY: Int32, maxY: Int32
        var area: Int32, marks: Int32
    }

    public init(options: RegionOptions = .init()) {
        self.options = options
    }

    /// Proposes the text lines of an image, in reading order (top to bottom, then left to right).
    ///
    /// - Parameters:
    ///   - luma: `stride * height` bytes, row-major, one byte a pixel.
    ///   - keepingLinesAtEdges: also return lines cut by the image's edge, whatever
    ///     ``RegionOptions/skipsLinesAtEdges`` says (a caller that follows them until they are whole).
    /// - Returns: at most ``RegionOptions/maximumRegions`` boxes in image pixels.
    public func detect(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, keepingLinesAtEdges: Bool = false
    ) -> [TextRegion] {
        guard width >= 8, height >= 8, stride >= width, let base = luma.baseAddress,
              luma.count >= stride * (height - 1) + width else { return [] }
        candidates.removeAll(keepingCapacity: true)
        fragments.removeAll(keepingCapacity: true)
        closedOnTheLeft.removeAll(keepingCapacity: true)
        attachedGlyphs.removeAll(keepingCapacity: true)
        source = (base, width, height, stride)
        defer { source = nil }
        var level = 0
        var levelWidth = width, levelHeight = height
        while Self.bandMinimum << level <= options.maximumTextHeight, levelWidth >= 16, levelHeight >= 16 {
            let low = max(Self.bandMinimum, (options.minimumTextHeight + (1 << level) - 1) >> level)
            let high = min(Self.bandMaximum, options.maximumTextHeight >> level)
            if low <= high {
                if level == 0 {
                    detectLines(in: base, width: width, height: height, stride: stride, level: 0, band: low...high)
                } else {
                    pyramid[level - 1].withUnsafeBufferPointer { plane in
                        if let planeBase = plane.baseAddress {
                            detectLines(in: planeBase, width: levelWidth, height: levelHeight, stride: levelWidth, level: level, band: low...high)
                        }
                    }
                }
            }
            // Build the next level from this one.
            let nextWidth = levelWidth / 2, nextHeight = levelHeight / 2
            if pyramid.count <= level { pyramid.append([]) }
            var next = pyramid[level]
            pyramid[level] = []
            if level == 0 {
                Self.halve(base, width: width, height: height, stride: stride, into: &next)
            } else {
                pyramid[level - 1].withUnsafeBufferPointer { plane in
                    if let planeBase = plane.baseAddress {
                        Self.halve(planeBase, width: levelWidth, height: levelHeight, stride: levelWidth, into: &next)
                    }
                }
            }
            pyramid[level] = next
            levelWidth = nextWidth
            levelHeight = nextHeight
            level += 1
        }
        return selectLines(width: width, height: height, keepingLinesAtEdges: keepingLinesAtEdges)
    }

    /// Halves an image with a 2x2 mean into `output` (`(width / 2) * (height / 2)` bytes;
    /// `lensd_halve`: each 16-bit lane holds a pixel pair, so the sums need no widening).
    static func halve(_ source: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, into output: inout [UInt8]) {
        let outWidth = width / 2, outHeight = height / 2
        output.removeAll(keepingCapacity: true)
        output.append(contentsOf: repeatElement(0, count: outWidth * outHeight))
        output.withUnsafeMutableBufferPointer { out in
            guard let outBase = out.baseAddress else { return }
            lensd_halve(source, Int32(width), Int32(height), Int32(stride), outBase)
        }
    }

    /// Finds the lines of one pyramid level and appends them, in full-resolution pixels, to `candidates`.
    private func detectLines(in plane: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, level: Int, band: ClosedRange<Int>) {
        levelPlane = (plane, width, height, stride)
        defer { levelPlane = nil }
        markEdges(in: plane, width: width, height: height, stride: stride, pairing: band.upperBound * 2 / 3)
        removeTallVerticalRuns(width: width, height: height, limit: band.upperBound * 3 / 2)
        collectRuns(width: width, height: height)
        labelComponents()
        let first = candidates.count
        emitLines(level: level, band: band, width: width)
        attachFragments(toLinesFrom: first)
    }

    /// Marks pixels whose horizontal central difference reaches the edge threshold (1 = rising, 3 = falling), keeping
    /// only steps that have a step of the other direction within `pairing` pixels on the same row:
    /// the two sides of a glyph stroke (``StrokePairing``).
    private func markEdges(in plane: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, pairing: Int) {
        // Rows with steps are written whole by the pairing; the others are cleared below.
        edges.growZeroed(to: width * height)
        rowSigns.zeroFirst(width)
        let threshold = UInt8(clamping: max(1, options.edgeThreshold))
        var pairs = strokePairing
        strokePairing = StrokePairing()
        defer { strokePairing = pairs }
        edges.withUnsafeMutableBufferPointer { marks in
            rowSigns.withUnsafeMutableBufferPointer { signs in
                guard let marksBase = marks.baseAddress, let signsBase = signs.baseAddress else { return }
                for y in 0..<height {
                    let row = plane + y * stride
                    // Rising (1) and falling (2) steps; the first and last bytes of `signs` stay 0.
                    guard Self.markSteps(of: row, width: width, threshold: threshold, into: signsBase) else {
                        (marksBase + y * width).update(repeating: 0, count: width)
                        continue
                    }
                    pairs.mark(steps: signsBase, width: width, pairing: pairing, into: marksBase + y * width)
                }
            }
        }
    }

    /// Writes to `steps[x]`, for `x` in `1 ..< width - 1`, 1 where the luma rises by `threshold` or
    /// more from `x - 1` to `x + 1`, 2 where it falls by as much, 0 elsewhere (`lensd_row_steps`).
    /// Returns whether there is any step (a flat row has no marks).
    @inline(__always)
    private static func markSteps(of row: UnsafePointer<UInt8>, width: Int, threshold: UInt8, into steps: UnsafeMutablePointer<UInt8>) -> Bool {
        lensd_row_steps(row, Int32(width), threshold, steps) != 0
    }

    /// Turns marks that belong to a vertical chain longer than `limit` into 2 (ignored): borders, not
    /// text (``VerticalChainLengths``).
    private func removeTallVerticalRuns(width: Int, height: Int, limit: Int) {
        var lengths = chains
        chains = VerticalChainLengths()
        defer { chains = lengths }
        // A chain through a mark has `down + up - 1` rows; off marks both are 0.
        let cap = UInt8(clamping: limit + 1)
        edges.withUnsafeMutableBufferPointer { marks in
            guard let base = marks.baseAddress else { return }
            // `down + up > cap`, each row as soon as its chains up are measured.
            lengths.measure(marks: base, width: width, height: height, droppingAbove: cap)
        }
    }

    /// Joins marks of each row that are at most ``closingGap`` apart into runs (``StrokeRuns``).
    private func collectRuns(width: Int, height: Int) {
        // Built in a local array: appending to the stored property costs an exclusivity check per run.
        var collected = runs
        var finder = strokeRuns
        runs = []
        strokeRuns = StrokeRuns()
        defer {
            runs = collected
            strokeRuns = finder
        }
        collected.removeAll(keepingCapacity: true)
        edges.withUnsafeBufferPointer { marks in
            guard let base = marks.baseAddress else { return }
            for y in 0..<height {
                finder.forEachRun(in: base + y * width, count: width, gap: Self.closingGap) { first, last, count in
                    collected.append(Run(y: Int32(y), x0: Int32(first), x1: Int32(last), marks: Int32(count)))
                }
            }
        }
    }

    /// The root of a run's set in a union–find forest, halving the path on the way.
    @inline(__always)
    private static func root(_ index: Int32, in parents: UnsafeMutableBufferPointer<Int32>) -> Int32 {
        var node = index
        while parents[Int(node)] != node {
            let grand = parents[Int(parents[Int(node)])]
            parents[Int(node)] = grand
            node = grand
        }
        return node
    }

    /// Labels runs that touch (8-connected) across consecutive rows into components.
    ///
    /// Works on local arrays taken from the stored ones and put back at the end: every access to
    /// a stored array of this class would be checked for exclusivity, once per run.
    private func labelComponents() {
        let runs = self.runs
        var parents = self.parents, components = self.components, runComponents = self.runComponents
        var componentStarts = self.componentStarts, componentOrder = self.componentOrder, componentFill = self.componentFill
        self.parents = []
        self.components = []
        self.runComponents = []
        self.componentStarts = []
        self.componentOrder = []
        self.componentFill = []
        defer {
            self.parents = parents
            self.components = components
            self.runComponents = runComponents
            self.componentStarts = componentStarts
            self.componentOrder = componentOrder
            self.componentFill = componentFill
        }
        parents.removeAll(keepingCapacity: true)
        parents.append(contentsOf: 0..<Int32(runs.count))
        components.removeAll(keepingCapacity: true)
        runComponents.removeAll(keepingCapacity: true)
        runComponents.append(contentsOf: repeatElement(-1, count: runs.count))
        // Through buffer pointers: an array passed `inout` per union–find step was checked for
        // uniqueness and bounds at every access.
        runs.withUnsafeBufferPointer { runs in
            parents.withUnsafeMutableBufferPointer { parents in
                var previousStart = 0, previousEnd = 0, index = 0
                while index < runs.count {
                    let y = runs[index].y
                    var end = index
                    while end < runs.count, runs[end].y == y { end += 1 }
                    if previousEnd > previousStart, runs[previousStart].y == y - 1 {
                        var p = previousStart
                        for current in index..<end {
                            let run = runs[current]
                            while p < previousEnd, runs[p].x1 + 1 < run.x0 { p += 1 }
                            var q = p
                            while q < previousEnd, runs[q].x0 <= run.x1 + 1 {
                                let a = Self.root(Int32(current), in: parents), b = Self.root(Int32(q), in: parents)
                                if a != b { parents[Int(max(a, b))] = min(a, b) }
                                q += 1
                            }
                        }
                    }
                    previousStart = index
                    previousEnd = end
                    index = end
                }
                runComponents.withUnsafeMutableBufferPointer { runComponents in
                    for index in 0..<runs.count {
                        let top = Int(Self.root(Int32(index), in: parents))
                        let run = runs[index]
                        if runComponents[top] < 0 {
                            runComponents[top] = Int32(components.count)
                            components.append(Component(minX: run.x0, maxX: run.x1, minY: run.y, maxY: run.y, area: 0, marks: 0))
                        }
                        let label = Int(runComponents[top])
                        runComponents[index] = Int32(label)
                        components[label].minX = min(components[label].minX, run.x0)
                        components[label].maxX = max(components[label].maxX, run.x1)
                        components[label].maxY = run.y
                        components[label].area += run.x1 - run.x0 + 1
                        components[label].marks += run.marks
                    }
                }
            }
        }
        // Group run indices by component (counting sort), rows ascending within each.
        componentStarts.removeAll(keepingCapacity: true)
        componentStarts.append(contentsOf: repeatElement(0, count: components.count + 1))
        for label in runComponents { componentStarts[Int(label) + 1] += 1 }
        for label in 0..<components.count { componentStarts[label + 1] += componentStarts[label] }
        componentOrder.removeAll(keepingCapacity: true)
        componentOrder.append(contentsOf: repeatElement(0, count: runs.count))
        componentFill.removeAll(keepingCapacity: true)
        componentFill.append(contentsOf: componentStarts.dropLast())
        for index in 0..<runs.count {
            let label = Int(runComponents[index])
            componentOrder[Int(componentFill[label])] = Int32(index)
            componentFill[label] += 1
        }
    }

    /// Splits components into lines at nearly empty rows and keeps the lines that look like text.
    private func emitLines(level: Int, band: ClosedRange<Int>, width: Int) {
        for label in 0..<components.count {
            let component = components[label]
            let height = Int(component.maxY - component.minY + 1)
            guard height >= band.lowerBound, height <= band.upperBound * 4,
                  component.maxX - component.minX + 1 >= 2 else { continue }
            let first = Int(componentStarts[label]), last = Int(componentStarts[label + 1])
            rowCoverage.removeAll(keepingCapacity: true)
            rowCoverage.append(contentsOf: repeatElement(0, count: height))
            for position in first..<last {
                let run = runs[Int(componentOrder[position])]
                rowCoverage[Int(run.y - component.minY)] += run.x1 - run.x0 + 1
            }
            let sorted = rowCoverage.sorted()
            let valley = max(2, sorted[sorted.count / 2] / 5)
            var segmentStart = -1
            for row in 0...height {
                let full = row < height && rowCoverage[row] > valley
                if full, segmentStart < 0 { segmentStart = row }
                if !full, segmentStart >= 0 {
                    emitSegment(label: label, rows: segmentStart..<row, level: level, band: band, levelWidth: width)
                    segmentStart = -1
                }
            }
        }
    }

    /// Appends the part of a component within `rows` when its size and fill look like a text line.
    private func emitSegment(label: Int, rows: Range<Int>, level: Int, band: ClosedRange<Int>, levelWidth: Int) {
        let component = components[label]
        let top = Int32(rows.lowerBound) + component.minY, bottom = Int32(rows.upperBound - 1) + component.minY
        let height = Int(bottom - top + 1)
        guard band.contains(height) else { return }
        var minX = Int32.max, maxX = Int32.min, area: Int32 = 0, marks: Int32 = 0
        for position in Int(componentStarts[label])..<Int(componentStarts[label + 1]) {
            let run = runs[Int(componentOrder[position])]
            guard run.y >= top, run.y <= bottom else { continue }
            minX = min(minX, run.x0)
            maxX = max(maxX, run.x1)
            area += run.x1 - run.x0 + 1
            marks += run.marks
        }
        let untrimmed = Int(minX)...Int(maxX)
        guard untrimmed.count >= 2, Double(area) >= 0.4 * Double(untrimmed.count * height), Double(marks) >= 0.12 * Double(area)
        else { return }
        let segmentRows = Int(top)...Int(bottom)
        let pieces = splittingAtBorders(untrimmed, rows: segmentRows, levelWidth: levelWidth)
        if pieces != [untrimmed] {
            for piece in pieces {
                var pieceArea: Int32 = 0
                for position in Int(componentStarts[label])..<Int(componentStarts[label + 1]) {
                    let run = runs[Int(componentOrder[position])]
                    guard run.y >= top, run.y <= bottom else { continue }
                    pieceArea += max(0, min(run.x1, Int32(piece.upperBound)) - max(run.x0, Int32(piece.lowerBound)) + 1)
                }
                guard piece.count >= height, Double(pieceArea) >= 0.4 * Double(piece.count * height) else { continue }
                let columns = trimmingBorderSteps(piece, rows: segmentRows, level: level, levelWidth: levelWidth)
                candidates.append(TextRegion(
                    box: OCRRect(x: columns.lowerBound << level, y: Int(top) << level, width: columns.count << level, height: height << level),
                    level: level))
            }
            return
        }
        let columns = trimmingBorderSteps(untrimmed, rows: segmentRows, level: level, levelWidth: levelWidth)
        let width = columns.count
        let box = OCRRect(x: columns.lowerBound << level, y: Int(top) << level, width: width << level, height: height << level)
        if width >= height {
            candidates.append(TextRegion(box: box, level: level))
        } else if (component.maxY - component.minY + 1) * 4 <= Int32(height * 5),
                  hasRisingAndFallingMarks(x: Int(minX)...Int(maxX), y: Int(top)...Int(bottom), width: levelWidth) {
            // A glyph's stroke steps down and up again. A whole component only: a slice of a taller
            // one is more often a piece of a tag's border, and marks of one direction only are a
            // tag's edge (a single step) that text beside it paired up.
            fragments.append(box)
        }
    }

    /// The parts of a line's columns between the vertical chains of marks that cross it, more
    /// than twice its height long (``removeTallVerticalRuns(width:height:limit:)`` keeps chains up
    /// to 1.5 times the band's height): the borders of small tags, which on a coarse level join the
    /// lines of two tags (`£30` and the `Sparkling Water` of the next tag, in noise), with no
    /// marks beside them for a quarter of a height. Each part spans its marks; the columns
    /// whole when no chain crosses them.
    private func splittingAtBorders(_ columns: ClosedRange<Int>, rows: ClosedRange<Int>, levelWidth: Int) -> [ClosedRange<Int>] {
        let limit = 2 * rows.count
        guard columns.count >= 3 * rows.count else { return [columns] }
        var crossed = [Bool](repeating: false, count: columns.count)
        var any = false
        edges.withUnsafeBufferPointer { marks in
            chains.down.withUnsafeBufferPointer { down in
                chains.up.withUnsafeBufferPointer { up in
                    guard down.count == marks.count, up.count == marks.count,
                          let marksBase = marks.baseAddress, let downBase = down.baseAddress, let upBase = up.baseAddress
                    else { return }
                    var column = columns.lowerBound
                    // Sixteen columns at a time, down all the rows (the chain lengths saturate at
                    // 255, so a limit above 253 is left to the loop below).
                    if limit < 254 {
                        typealias Bytes = SIMD16<UInt8>
                        let caps = Bytes(repeating: UInt8(limit + 1)), zero = Bytes(repeating: 0), one = Bytes(repeating: 1)
                        while column + Bytes.scalarCount <= columns.upperBound + 1 {
                            var hits = zero
                            for row in rows {
                                let start = row * levelWidth + column
                                let mark = Bytes(loadingFrom: marksBase + start)
                                let below = Bytes(loadingFrom: downBase + start), above = Bytes(loadingFrom: upBase + start)
                                // `below + above − 1 > limit` without overflow.
                                let room = caps &- below.replacing(with: caps, where: below .> caps)
                                let long = (below .> caps) .| (above .> room)
                                hits = hits.replacing(with: one, where: long .& (mark .!= zero))
                            }
                            if hits != zero {
                                any = true
                                for lane in 0..<Bytes.scalarCount where hits[lane] != 0 { crossed[column - columns.lowerBound + lane] = true }
                            }
                            column += Bytes.scalarCount
                        }
                    }
                    while column <= columns.upperBound {
                        for row in rows {
                            let index = row * levelWidth + column
                            if marksBase[index] != 0, Int(downBase[index]) + Int(upBase[index]) - 1 > limit {
                                crossed[column - columns.lowerBound] = true
                                any = true
                            }
                        }
                        column += 1
                    }
                }
            }
        }
        guard any else { return [columns] }
        func hasMarks(_ column: Int) -> Bool {
            rows.contains { edges[$0 * levelWidth + column] & 1 == 1 }
        }
        // A border stands apart from the text on both sides: for a quarter of a height or more,
        // past two columns of its own, no column has marks on half the rows, as a glyph's stroke
        // has (noise leaves a few). A chain through glyphs (a column of right-aligned digits on
        // a receipt, its lines touching on a coarse level) has the glyph's other strokes beside
        // it. Crossed columns up to three apart are one border (the borders of two tags side by side).
        let clearance = max(2, rows.count / 4)
        func hasStroke(_ column: Int) -> Bool {
            rows.count { edges[$0 * levelWidth + column] & 1 == 1 } * 2 >= rows.count
        }
        var index = 0
        while index < crossed.count {
            guard crossed[index] else {
                index += 1
                continue
            }
            var end = index
            while let next = (end + 1..<min(crossed.count, end + 5)).first(where: { crossed[$0] }) { end = next }
            let first = columns.lowerBound + index, last = columns.lowerBound + end
            let beside = Array(max(columns.lowerBound, first - 2 - clearance)..<max(columns.lowerBound, first - 2))
                + Array(min(columns.upperBound + 1, last + 3)..<(min(columns.upperBound, last + 2 + clearance) + 1))
            for column in index...end { crossed[column] = !beside.contains(where: hasStroke) }
            index = end + 1
        }
        guard crossed.contains(true) else { return [columns] }
        var pieces: [ClosedRange<Int>] = []
        var first: Int?, last: Int?
        for column in columns {
            if crossed[column - columns.lowerBound] {
                if let start = first, let end = last { pieces.append(start...end) }
                first = nil
                last = nil
            } else if hasMarks(column) {
                if first == nil { first = column }
                last = column
            }
        }
        if let start = first, let end = last { pieces.append(start...end) }
        return pieces
    }

    /// The columns of a line without a tag's edge at either end: a step of one direction only
    /// (a rising one, from a dark background onto a light tag, before dark text), a few columns
    /// wide and an empty column or more before the first glyph, that goes on above or below the
    /// line for half its height (a glyph's step ends with the glyph), is the edge the glyph
    /// beside it paired up (``markEdges(in:width:height:stride:pairing:)``), not ink: a
    /// dark-on-light glyph begins with a falling step and ends with a rising one, a light-on-dark
    /// one the other way round. Kept in the line, the edge of a tilted tag took `GBP 71.99` to the
    /// image's left edge, 13 px before its `G`, so the line counted as cut.
    private func trimmingBorderSteps(_ columns: ClosedRange<Int>, rows: ClosedRange<Int>, level: Int, levelWidth: Int) -> ClosedRange<Int> {
        let height = rows.count
        guard columns.count > 2 * height else { return columns }
        let widest = max(2, height / 3)
        /// The marks (bit 0: rising, bit 1: falling) in one column of the rows.
        func kinds(at column: Int) -> Int {
            var found = 0
            for row in rows {
                switch edges[row * levelWidth + column] {
                case 1: found |= 1
                case 3: found |= 2
                default: break
                }
            }
            return found
        }
        /// From the end `start` inward (`step` +1 or -1): the kind of a one-kind cluster at most
        /// `widest` columns wide followed by an empty column or more, its column nearest the
        /// end, and the first column after the empty ones.
        func edgeCluster(from start: Int, step: Int) -> (kind: Int, next: Int)? {
            var column = start, kind = 0
            while columns.contains(column), abs(column - start) < widest + 1 {
                let found = kinds(at: column)
                if found == 0 { break }
                kind |= found
                column += step
            }
            guard kind == 1 || kind == 2, abs(column - start) <= widest, columns.contains(column), kinds(at: column) == 0 else { return nil }
            while columns.contains(column), kinds(at: column) == 0 { column += step }
            return columns.contains(column) ? (kind, column) : nil
        }
        let left = edgeCluster(from: columns.lowerBound, step: 1).flatMap { cluster in
            stepGoesOn(at: columns.lowerBound, rows: rows, rising: cluster.kind == 1) ? cluster : nil
        }
        let right = edgeCluster(from: columns.upperBound, step: -1).flatMap { cluster in
            stepGoesOn(at: columns.upperBound, rows: rows, rising: cluster.kind == 1) ? cluster : nil
        }
        guard left != nil || right != nil,
              let polarity = polarity(columns: (columns.lowerBound << level)..<((columns.upperBound + 1) << level),
                                      rows: (rows.lowerBound << level)..<((rows.upperBound + 1) << level))
        else { return columns }
        // Rising (1) before dark text on the left, falling (2) after it on the right; the other way round for light text.
        let rising = polarity == .darkOnLight
        var lower = columns.lowerBound, upper = columns.upperBound
        if let left, left.kind == (rising ? 1 : 2) { lower = left.next }
        if let right, right.kind == (rising ? 2 : 1) { upper = right.next }
        return upper - lower + 1 >= 2 * height ? lower...upper : columns
    }

    /// Whether a luma step of the given direction at `column` of this level's image
    /// (``levelPlane``) goes on for half the rows' count above or below them, each row's step
    /// within two columns of the previous one's (a tilted edge drifts).
    private func stepGoesOn(at column: Int, rows: ClosedRange<Int>, rising: Bool) -> Bool {
        guard let plane = levelPlane else { return false }
        let reach = max(2, rows.count / 2)
        let threshold = Int(options.edgeThreshold)
        func follows(_ step: Int) -> Bool {
            var x = column, y = step < 0 ? rows.lowerBound : rows.upperBound
            for _ in 0..<reach {
                y += step
                guard y >= 0, y < plane.height else { return false }
                let row = plane.base + y * plane.stride
                var best: (x: Int, difference: Int)?
                for candidate in max(1, x - 2)...max(1, min(plane.width - 2, x + 2)) where candidate < plane.width - 1 {
                    let difference = (Int(row[candidate + 1]) - Int(row[candidate - 1])) * (rising ? 1 : -1)
                    if difference >= threshold, difference > best?.difference ?? 0 { best = (candidate, difference) }
                }
                guard let best else { return false }
                x = best.x
            }
            return true
        }
        return follows(-1) || follows(1)
    }

    /// Whether the marks within the rectangle (this level's pixels) include both a rising and a falling step.
    private func hasRisingAndFallingMarks(x: ClosedRange<Int>, y: ClosedRange<Int>, width: Int) -> Bool {
        var rising = false, falling = false
        for row in y {
            for column in x {
                switch edges[row * width + column] {
                case 1: rising = true
                case 3: falling = true
                default: break
                }
                if rising && falling { return true }
            }
        }
        return false
    }

    /// Widens the lines found on this level (`candidates[first...]`, those at least twice as wide as
    /// high: a glyph's part widened would pass for a line) over the fragments beside them:
    /// a fragment between half and 5/4 of a line's height, overlapping most of its rows, whose gap to
    /// the line's end is at most half the line's height (less than words may be apart: a wider gap
    /// is more often the space before a currency symbol, which is read with its amount as a word
    /// of its own), or a line's height before its start: the leading group of a number whose
    /// thousands are set apart by a space, a full cell wide in a monospaced font (`2 649 Kč` on a
    /// receipt, read as `649 Kč` without it). Such a fragment starts the line: nothing further left
    /// joins it, neither fragment nor word (``joiningWords(_:closedOnTheLeft:)``): the `$` of
    /// `$ 4.58`, so attached, brought the line within a word space of the next tag's `75`. A tag
    /// border, taller than the text, stays out. Each fragment goes to the line it is nearest to,
    /// so that a wider reach does not hand it to a neighbour.
    private func attachFragments(toLinesFrom first: Int) {
        guard first < candidates.count else { return }
        // A glyph a line of its own found on this level (a blurred `2`, as wide as high) joins a
        // line beside it as a fragment does, and is then no line of its own.
        let glyphs = (first..<candidates.count).filter { Self.isGlyphSized(candidates[$0].box) }
        guard !fragments.isEmpty || !glyphs.isEmpty else { return }
        var closed = [Bool](repeating: false, count: candidates.count - first)
        // Fragments of finer levels count too: a digit apart from its group may be found whole only
        // at full resolution while its line is found only at a coarser level (`1 434 Kč`). Each is
        // taken by one line of this level at most.
        var unattached = fragments.map { (box: $0, candidate: Int?.none) } + glyphs.map { (box: candidates[$0].box, candidate: Int?.some($0)) }
        var taken: [Int] = []
        var attached = true
        while attached, !unattached.isEmpty {
            attached = false
            unattached.removeAll { fragment in
                guard let (line, gap) = nearestLine(to: fragment.box, from: first, closed: closed) else { return false }
                let current = candidates[line].box, box = fragment.box
                if fragment.candidate != nil, !isOnOneBackground(box, current) { return false }
                // A glyph found as a line of its own starts the line whatever the gap: a currency
                // sign or a leading group (the `$` of `$ 4.58` as wide as high, in a dim frame,
                // brought the line within a word space of the next tag's `75`).
                if box.x < current.x, gap * 2 > current.height || fragment.candidate != nil { closed[line - first] = true }
                let x = min(current.x, box.x), y = min(current.y, box.y)
                candidates[line].box = OCRRect(
                    x: x, y: y, width: max(current.x + current.width, box.x + box.width) - x,
                    height: max(current.y + current.height, box.y + box.height) - y)
                if let candidate = fragment.candidate {
                    taken.append(candidate)
                    attachedGlyphs.append(box)
                }
                attached = true
                return true
            }
        }
        for line in first..<candidates.count where closed[line - first] { closedOnTheLeft.insert(candidates[line].box) }
        for candidate in taken.sorted(by: >) { candidates.remove(at: candidate) }
    }

    /// The line of this level (`candidates[first...]` at least twice as wide as high) a fragment
    /// joins (see ``attachFragments(toLinesFrom:)``), and the gap between them; the nearest if several.
    private func nearestLine(to fragment: OCRRect, from first: Int, closed: [Bool]) -> (line: Int, gap: Int)? {
        var nearest: (line: Int, gap: Int)?
        for line in first..<candidates.count where candidates[line].box.width >= 2 * candidates[line].box.height {
            let box = candidates[line].box
            guard fragment.height * 2 >= box.height, fragment.height * 4 <= box.height * 5 else { continue }
            let overlap = min(box.y + box.height, fragment.y + fragment.height) - max(box.y, fragment.y)
            guard overlap * 10 >= min(box.height, fragment.height) * 8 else { continue }
            let before = box.x - (fragment.x + fragment.width), after = fragment.x - (box.x + box.width)
            let gap = max(before, after)
            guard gap >= 0, before < 0 || !closed[line - first], gap * 2 <= box.height || before >= 0 && gap <= box.height
            else { continue }
            if nearest.map({ gap < $0.gap }) ?? true { nearest = (line, gap) }
        }
        return nearest
    }

    /// Whether a line candidate is one glyph wide: at most 5/4 of its height.
    private static func isGlyphSized(_ box: OCRRect) -> Bool { box.width * 4 <= box.height * 5 }

    /// Whether a coarse line reaches more than its height beyond the finer lines inside it (`inside`), on
    /// the left or the right, onto a background of the other polarity: it joined the lines of
    /// two tags, not the words of one (a white-on-navy `132.87` and the black-on-orange
    /// `$1,966.99` beside it, one line from the frame's edge, so the price waited as cut).
    private func spansTwoBackgrounds(_ line: OCRRect, beyond inside: [OCRRect]) -> Bool {
        guard let first = inside.first else { return false }
        var x0 = first.x, x1 = first.x + first.width
        for box in inside.dropFirst() {
            x0 = min(x0, box.x)
            x1 = max(x1, box.x + box.width)
        }
        let rows = line.y..<(line.y + line.height)
        guard x1 > x0, let within = polarity(columns: x0..<x1, rows: rows) else { return false }
        let end = line.x + line.width
        let sides = [line.x..<max(line.x, x0), min(max(x1, line.x), end)..<end]
        return sides.contains { side in side.count > line.height && polarity(columns: side, rows: rows).map { $0 != within } == true }
    }

    /// Whether a glyph and the line beside it show text of one polarity (both dark on light, or
    /// both light on dark), as the glyphs of one line do: the white `75` of the next, black tag,
    /// a line height before the black `$ 4.58` on yellow, is no leading group of it.
    private func isOnOneBackground(_ glyph: OCRRect, _ line: OCRRect) -> Bool {
        let rows = line.y..<(line.y + line.height)
        guard let lineText = polarity(columns: line.x..<(line.x + line.width), rows: rows),
              let glyphText = polarity(columns: glyph.x..<(glyph.x + glyph.width), rows: glyph.y..<(glyph.y + glyph.height))
        else { return true }
        return lineText == glyphText
    }

    /// The polarity (``LinePolarity/classify(_:)``) of a rectangle of the full-resolution image.
    private func polarity(columns: Range<Int>, rows: Range<Int>) -> LinePolarity? {
        guard let source else { return nil }
        let xs = max(0, columns.lowerBound)..<min(source.width, columns.upperBound)
        let ys = max(0, rows.lowerBound)..<min(source.height, rows.upperBound)
        guard !xs.isEmpty, !ys.isEmpty else { return nil }
        polarityPixels.removeAll(keepingCapacity: true)
        for y in ys {
            polarityPixels.append(contentsOf: UnsafeBufferPointer(start: source.base + y * source.stride + xs.lowerBound, count: xs.count))
        }
        return polarityPixels.withUnsafeBufferPointer { LinePolarity.classify($0) }
    }

    /// Keeps each line once across levels and returns at most `maximumRegions`, in reading order.
    private func selectLines(width: Int, height: Int, keepingLinesAtEdges: Bool) -> [TextRegion] {
        var kept = [Bool](repeating: true, count: candidates.count)
        let order = candidates.indices.sorted { candidates[$0].level > candidates[$1].level }
        for coarse in order where kept[coarse] {
            let outer = candidates[coarse]
            let inside = candidates.indices.filter { index in
                kept[index] && candidates[index].level < outer.level
                    && candidates[index].box.intersectionArea(outer.box) * 2 >= Self.area(candidates[index].box)
            }
            guard !inside.isEmpty else { continue }
            // Lines (at least twice as wide as high), not parts of big glyphs.
            let lines = inside.filter { candidates[$0].box.width >= 2 * candidates[$0].box.height }
            // Lines stacked in it: two text lines the coarse level joined, not the strokes of a glyph
            // that joined a line (the bars of the `€` of `€ 1.835,99`, found as two lines one above
            // the other on the finest level).
            let stacked = lines.contains { a in
                lines.contains { b in
                    let boxA = candidates[a].box, boxB = candidates[b].box
                    let overlap = min(boxA.y + boxA.height, boxB.y + boxB.height) - max(boxA.y, boxB.y)
                    return overlap * 2 < min(boxA.height, boxB.height)
                        && !attachedGlyphs.contains { Self.liesMostlyInside(boxA, $0) && Self.liesMostlyInside(boxB, $0) }
                }
            }
            // Only lines at least half as high as the coarse one tell its text's polarity: a piece
            // of a glyph (the bowl of an `R`) is mostly ink.
            let tall = lines.map { candidates[$0].box }.filter { $0.height * 2 >= outer.box.height }
            // Lines side by side in it, further apart than words are (a line height or more) and
            // much lower than it: the coarse level joined a row of out-of-focus tags into one band
            // (`£73.00`, `GBP 44.99` and `1 379 Kč` of a generated blur frame, one line 624 px wide).
            let row = lines.map { candidates[$0].box }.filter { $0.height * 2 < outer.box.height && $0.height * 4 >= outer.box.height }
            let besideEachOther = row.contains { a in
                row.contains { b in
                    let overlap = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
                    return b.x >= a.x + a.width + max(a.height, b.height) && overlap * 10 >= min(a.height, b.height) * 6
                }
            }
            if stacked || besideEachOther || spansTwoBackgrounds(outer.box, beyond: tall) {
                kept[coarse] = false
            } else {
                for index in inside { kept[index] = false }
            }
        }
        // Words are joined before lines cut by the edge are dropped: the rest of a cut line (`78.99` of
        // `USD 78.99`) would otherwise be read without its currency.
        // A line more than three heights wide is continued only by text of its polarity: the
        // white `¥7,580` on its dark tag is not continued by the black `50,99` of the next, white
        // tag, nor the white `GBP 79.49` by the red `R$` of `R$ 209,00`. The word on the right
        // must be more than 1.5 heights wide (two glyphs), and a shorter line on the left is not
        // tested: a glyph or a code is too little text to tell (the `R$` of a dim `R$ 297,99`
        // read as the other polarity than its amount).
        var lines = Self.joiningWords(candidates.indices.filter { kept[$0] }.map { candidates[$0] }, closedOnTheLeft: closedOnTheLeft) { left, right in
            left.width <= 3 * left.height || right.width * 2 <= 3 * right.height || self.isOnOneBackground(left, right)
        }
        if options.skipsLinesAtEdges, !keepingLinesAtEdges {
            lines.removeAll { Self.touchesEdge($0.box, width: width, height: height) }
        }
        if lines.count > options.maximumRegions {
            lines.sort { Self.area($0.box) > Self.area($1.box) }
            lines.removeLast(lines.count - max(0, options.maximumRegions))
        }
        lines = lines.map { line in
            var box = line.box
            box.width = min(box.width, width - box.x)
            box.height = min(box.height, height - box.y)
            return TextRegion(box: box, level: line.level)
        }
        return lines.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
    }

    /// Whether at least half of `inner` lies inside `outer`.
    private static func liesMostlyInside(_ inner: OCRRect, _ outer: OCRRect) -> Bool {
        inner.intersectionArea(outer) * 2 >= area(inner)
    }

    /// Joins boxes that sit side by side on one text line (words a wide space apart, a currency
    /// symbol before its amount) into one box, so that a line is read with its context; nothing
    /// joins a box of `closedOnTheLeft` on its left, and two boxes join only if `onOneBackground`
    /// says their text shares a background.
    static func joiningWords(_ regions: [TextRegion], closedOnTheLeft: Set<OCRRect> = [], onOneBackground: (OCRRect, OCRRect) -> Bool = { _, _ in true }) -> [TextRegion] {
        var lines = regions.sorted { $0.box.x < $1.box.x }
        var closed = lines.map { closedOnTheLeft.contains($0.box) }
        var joined = true
        while joined {
            joined = false
            outer: for left in lines.indices {
                for right in lines.indices where right != left && !closed[right] && Self.continues(lines[left].box, with: lines[right].box)
                    && onOneBackground(lines[left].box, lines[right].box) {
                    let a = lines[left].box, b = lines[right].box
                    let x = min(a.x, b.x), y = min(a.y, b.y)
                    let box = OCRRect(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
                    lines[left] = TextRegion(box: box, level: max(lines[left].level, lines[right].level))
                    lines.remove(at: right)
                    closed.remove(at: right)
                    joined = true
                    break outer
                }
            }
        }
        return lines
    }

    /// Whether `right` starts at most 3/4 of a line height after `left` ends, on the same line, at a similar size
    /// (a wider gap is more often the space between two neighbouring tags than between two words), or
    /// is a separator mark on `left`'s baseline (the `.` or `,` of a letter-spaced `£69 . 13`, too
    /// small to count as a word of its own), which the next word then continues.
    private static func continues(_ left: OCRRect, with right: OCRRect) -> Bool {
        let gap = right.x - (left.x + left.width)
        let low = min(left.height, right.height), high = max(left.height, right.height)
        let overlap = min(left.y + left.height, right.y + right.height) - max(left.y, right.y)
        if right.x >= left.x && gap * 4 <= low * 3 && high * 2 <= low * 3 && overlap * 10 >= low * 6 { return true }
        let isMark = right.height * 2 <= left.height && right.width <= left.height
            && (right.y + right.height / 2) * 2 >= left.y * 2 + left.height
            && right.y + right.height <= left.y + left.height + left.height / 4
        return isMark && right.x >= left.x + left.width / 2 && gap >= 0 && gap * 4 <= left.height * 3
    }

    /// Whether a line comes within a quarter of its height of the image edge.
    private static func touchesEdge(_ box: OCRRect, width: Int, height: Int) -> Bool {
        let margin = max(1, box.height / 4)
        return box.x < margin || box.y < margin || box.x + box.width > width - margin || box.y + box.height > height - margin
    }

    private static func area(_ box: OCRRect) -> Int { box.width * box.height }

}

import Foundation

/// Finds text of any size: the detector runs at a coarse scale over everything asked for, then at
/// each finer scale only where the image has structure (``StructureGrid``) that no box of a
/// coarser level explains, up to a scale that makes small, low-contrast text (a shelf tag's
/// digits, about 13 pixels high) large enough for the network to see. A level finer than
/// ``Configuration/finestScale`` (a still's last) is a closer look where no box is clearly
/// resolved (``mergedCloser(_:_:)``).
///
/// All levels run in fixed square tiles (``Configuration/tileSize``), so one network serves every
/// image size and its memory stays bounded.
public struct TextLocator: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// The scales the detector runs at, coarsest first.
        public var scales: [Double]
        public var tileSize = 384
        public var tileMargin = 32
        /// Structure cells, in image pixels, and what makes one worth a finer look: this share of
        /// its pixels with a gradient of at least ``structureThreshold``.
        public var cell = 32
        public var structureThreshold = 20
        public var structureDensity = 0.12

        public init(scales: [Double]) {
            self.scales = scales
        }

        /// For a still image: from a coarse scale that brings its longer side to at most 1024
        /// pixels (and at most half size), doubling up to ``stillFinestScale`` times the image's
        /// size, or less for a large image: the finest level sees at most ``finestPixels`` (a large
        /// photo or scan shows its text large).
        public static func still(width: Int, height: Int) -> Configuration {
            let longer = Double(max(width, height))
            let finest = min(stillFinestScale, (finestPixels / Double(max(1, width * height))).squareRoot())
            var scale = min(0.5, 1024 / longer)
            var scales: [Double] = []
            while scale * 1.2 < finest {
                scales.append(scale)
                scale *= 2
            }
            if scales.isEmpty || scales[scales.count - 1] * 1.25 < finest { scales.append(finest) }
            return Configuration(scales: scales)
        }

        /// The most network pixels the finest level of a still covers: a 1920x1080 photo at three
        /// times its size.
        public static let finestPixels = 20e6

        /// The finest scale of a still: a shelf tag's digits 13 pixels high in a photo are found
        /// whole at three times their size, where at twice it the network often joins them to a
        /// line of text touching them or misses them. Video stops at ``finestScale``.
        public static let stillFinestScale = 3.0

        /// For camera frames: half size for large text, then the finest scale for the rest; the
        /// levels between cost more than they find on frames of a few hundred lines.
        public static func video(width: Int, height: Int) -> Configuration {
            Configuration(scales: [min(0.5, 640 / Double(max(width, height))), finestScale])
        }

        /// Twice the image's size: the detector finds text from about 26 network pixels high.
        public static let finestScale = 2.0

        /// Image pixels across the part of the image one tile of the finest level examines (its
        /// margins left out): the finest level runs on a grid of such squares from the image's
        /// top-left corner, and what a detection over some of them costs is about one network run
        /// per square.
        public var finestBlock: Int {
            Int((Double(tileSize - 2 * tileMargin) / (scales.last ?? 1)).rounded(.down))
        }
    }

    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Finds the text in `regions` of the image (all of it when empty).
    public func locate(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, regions: [PixelBox] = [], using detector: TextDetector
    ) throws(DetectorError) -> (boxes: [TextBox], cost: DetectionCost) {
        guard let coarsest = configuration.scales.first else { return ([], DetectionCost()) }
        var cost = DetectionCost()
        let first = try detector.detect(
            luma: luma, width: width, height: height, stride: stride, scale: coarsest, tileSize: configuration.tileSize,
            tileMargin: configuration.tileMargin, regions: regions)
        cost = cost + first.cost
        var found = first.boxes.map { Found(box: $0, scale: coarsest) }
        guard configuration.scales.count > 1 else { return (Self.joinedLines(found.map(\.box)), cost) }
        let structure = try TextDetector.structure(
            luma: luma, width: width, height: height, stride: stride, cell: configuration.cell, threshold: configuration.structureThreshold)
        var wanted = structuredCells(structure, within: regions)
        for scale in configuration.scales.dropFirst() {
            // A level finer than the video's finest looks closer only where no box is clearly resolved.
            let closer = scale > Configuration.finestScale
            let resolved = closer ? Self.closeLookHeight : Self.resolvedHeight
            wanted = wanted.filter { cell in !found.contains { Self.explains($0, cell, resolvedHeight: resolved) } }
            guard !wanted.isEmpty else { break }
            let level = try detector.detect(
                luma: luma, width: width, height: height, stride: stride, scale: scale, tileSize: configuration.tileSize,
                tileMargin: configuration.tileMargin, regions: wanted)
            cost = cost + level.cost
            let boxes = level.boxes.map { Found(box: $0, scale: scale) }
            if closer {
                // Its tiles see more than those cells: what it finds elsewhere was seen well already.
                let inCells = boxes.filter { fine in wanted.contains { Self.holds($0, fine.box.center) } }
                found = Self.mergedCloser(found, inCells)
            } else {
                found = Self.merged(found, boxes, tileSize: configuration.tileSize)
            }
        }
        return (Self.joinedLines(found.map(\.box)), cost)
    }

    /// A box and the scale it was found at.
    struct Found {
        var box: TextBox
        var scale: Double
    }

    /// The cells with structure, inside `regions` when there are any.
    private func structuredCells(_ grid: StructureGrid, within regions: [PixelBox]) -> [PixelBox] {
        var cells: [PixelBox] = []
        for row in 0..<grid.rows {
            for column in 0..<grid.columns where grid.density(column: column, row: row) >= configuration.structureDensity {
                let cell = PixelBox(
                    x: column * grid.cell, y: row * grid.cell, width: min(grid.cell, grid.width - column * grid.cell),
                    height: min(grid.cell, grid.height - row * grid.cell))
                if regions.isEmpty || regions.contains(where: { Self.intersects($0, cell) }) { cells.append(cell) }
            }
        }
        return cells
    }

    private static func intersects(_ a: PixelBox, _ b: PixelBox) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    /// Whether a box found already reaches into a cell (its bounds, grown by a quarter of its
    /// height: the strokes' edges around a line), and was large enough on its level to be sure
    /// of: smaller ones may be several lines the network saw as one.
    static func explains(_ found: Found, _ cell: PixelBox, resolvedHeight: Double = resolvedHeight) -> Bool {
        guard found.box.height * found.scale >= resolvedHeight else { return false }
        let bounds = found.box.bounds, grow = min(found.box.width, found.box.height) / 4
        return bounds.x - grow < Double(cell.x + cell.width) && Double(cell.x) < bounds.x + bounds.width + grow
            && bounds.y - grow < Double(cell.y + cell.height) && Double(cell.y) < bounds.y + bounds.height + grow
    }

    /// Network pixels from which a box's text counts as well resolved.
    static let resolvedHeight = 16.0

    /// Network pixels from which a box's text counts as clearly resolved: a level finer than
    /// ``Configuration/finestScale`` looks only where no box is, and replaces only smaller ones.
    static let closeLookHeight = 32.0

    /// Whether a cell holds a point.
    static func holds(_ cell: PixelBox, _ point: TextBox.Point) -> Bool {
        Double(cell.x) <= point.x && point.x < Double(cell.x + cell.width) && Double(cell.y) <= point.y && point.y < Double(cell.y + cell.height)
    }

    /// Whether a point lies inside a box (a convex quadrilateral, corners clockwise with y down).
    public static func contains(_ box: TextBox, x: Double, y: Double) -> Bool {
        let corners = box.corners
        for index in 0..<4 {
            let a = corners[index], b = corners[(index + 1) % 4]
            if (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) < 0 { return false }
        }
        return true
    }

    /// The boxes of a coarser level and a finer one together. A finer box inside a coarser box
    /// too tall for the finer level's tiles is a piece of that text; a coarser box that the finer
    /// level found again (the two overlap by half of either) gives way to the finer, sharper one.
    static func merged(_ coarser: [Found], _ finer: [Found], tileSize: Int) -> [Found] {
        guard let fineScale = finer.first?.scale else { return coarser }
        let tall = Double(tileSize) / 4
        let keptFiner = finer.filter { fine in
            !coarser.contains { coarse in coarse.box.height * fineScale > tall && contains(coarse.box, x: fine.box.center.x, y: fine.box.center.y) }
        }
        let keptCoarser = coarser.filter { coarse in
            coarse.box.height * fineScale > tall
                || !keptFiner.contains { overlap($0.box, coarse.box) >= 0.5 || overlap(coarse.box, $0.box) >= 0.5 }
        }
        return keptCoarser + keptFiner
    }

    /// The boxes of the coarser levels and those of a closer look (a level finer than
    /// ``Configuration/finestScale``, in the cells no box clearly resolves): a closer box stands
    /// where no coarser one does, in place of a coarser one it overlaps whose text was not clearly
    /// resolved (under ``closeLookHeight`` network pixels on its level), or in place of a coarser
    /// box it splits into lines (one at most ``splitHeight`` of its height inside it: the coarser
    /// level joined a line to the one touching it). Elsewhere the coarser box stays.
    static func mergedCloser(_ coarser: [Found], _ closer: [Found]) -> [Found] {
        func overlaps(_ a: TextBox, _ b: TextBox) -> Bool { overlap(a, b) >= 0.5 || overlap(b, a) >= 0.5 }
        func replaces(_ fine: TextBox, _ coarse: Found) -> Bool {
            (fine.height <= splitHeight * coarse.box.height && contains(coarse.box, x: fine.center.x, y: fine.center.y))
                || (coarse.box.height * coarse.scale < closeLookHeight && overlaps(coarse.box, fine))
        }
        let kept = closer.filter { fine in
            !coarser.contains { overlaps($0.box, fine.box) } || coarser.contains { replaces(fine.box, $0) }
        }
        return coarser.filter { coarse in !kept.contains { replaces($0.box, coarse) } } + kept
    }

    /// How much of a coarser box's height a closer box inside it may have at most to split it.
    static let splitHeight = 0.65

    /// The boxes with pieces of one line joined: boxes of about the same height and direction,
    /// side by side on the same rows with at most ``lineGap`` of a height between them. The
    /// network splits large text at wide gaps (`$35` and `.50`, `$2,6` and `36.00`), and a price
    /// read in pieces is no price.
    static func joinedLines(_ boxes: [TextBox]) -> [TextBox] {
        var lines = boxes
        var changed = true
        while changed {
            changed = false
            search: for i in lines.indices {
                for j in lines.indices where j > i {
                    if let line = joined(lines[i], lines[j]) {
                        lines[i] = line
                        lines.remove(at: j)
                        changed = true
                        break search
                    }
                }
            }
        }
        return lines
    }

    /// Gap between the pieces of a line, as a share of its height, up to which they are joined.
    static let lineGap = 0.3

    /// A piece at most this many heights long (a currency sign, a unit) is joined across
    /// ``shortPieceGap`` heights: a word space of a wide font.
    static let shortPieceLength = 1.2
    static let shortPieceGap = 0.9

    /// The two boxes as one line, when they are pieces of one (see ``joinedLines(_:)``).
    static func joined(_ first: TextBox, _ second: TextBox) -> TextBox? {
        // Each box with its long side first: the text runs along it (a tall box holds text
        // running up or down, and its lines stand side by side, not one after another).
        let a = alongText(first), b = alongText(second)
        var turn = abs(a.angle - b.angle).truncatingRemainder(dividingBy: .pi)
        turn = min(turn, .pi - turn)
        guard turn <= 10 * .pi / 180 else { return nil }
        let low = min(a.height, b.height), high = max(a.height, b.height)
        guard low > 0, high <= 1.6 * low else { return nil }
        // Both in a's frame: u along its first edge, v across.
        let origin = a.center, cosine = cos(a.angle), sine = sin(a.angle)
        func frame(_ p: TextBox.Point) -> (u: Double, v: Double) {
            let dx = p.x - origin.x, dy = p.y - origin.y
            return (dx * cosine + dy * sine, -dx * sine + dy * cosine)
        }
        let pa = a.corners.map(frame), pb = b.corners.map(frame)
        let (au0, au1) = (pa.map(\.u).min() ?? 0, pa.map(\.u).max() ?? 0), (av0, av1) = (pa.map(\.v).min() ?? 0, pa.map(\.v).max() ?? 0)
        let (bu0, bu1) = (pb.map(\.u).min() ?? 0, pb.map(\.u).max() ?? 0), (bv0, bv1) = (pb.map(\.v).min() ?? 0, pb.map(\.v).max() ?? 0)
        let rows = min(av1, bv1) - max(av0, bv0)
        let gap = max(au0, bu0) - min(au1, bu1)
        // A lone sign or short word beside a line (`87,99` and `€` on a receipt) across a wider gap.
        let short = min(au1 - au0, bu1 - bu0) <= shortPieceLength * low
        guard rows >= 0.6 * min(av1 - av0, bv1 - bv0), gap <= (short ? shortPieceGap : lineGap) * high else { return nil }
        let u0 = min(au0, bu0), u1 = max(au1, bu1), v0 = min(av0, bv0), v1 = max(av1, bv1)
        let cu = (u0 + u1) / 2, cv = (v0 + v1) / 2
        let center = TextBox.Point(x: origin.x + cu * cosine - cv * sine, y: origin.y + cu * sine + cv * cosine)
        let score = max(a.score, b.score), isCut = a.isCut || b.isCut
        // Given back the way the first was, so that its reading orientations stay the same.
        guard isTall(first) else {
            return TextBox(center: center, width: u1 - u0, height: v1 - v0, angle: a.angle, score: score, isCut: isCut)
        }
        return TextBox(center: center, width: v1 - v0, height: u1 - u0, angle: a.angle - .pi / 2, score: score, isCut: isCut)
    }

    /// How much of the text in `boxes` stands on end, as a camera held on its side sees it: of
    /// the lines at least ``lineElongation`` times as long as high, the share of their length
    /// (0…1) that runs closer to up and down the image than across it; 0 when fewer than
    /// ``directionLines`` lines show their direction.
    public static func shareOnEnd(_ boxes: [TextBox]) -> Double {
        var lines = 0, across = 0.0, onEnd = 0.0
        for line in boxes.map(alongText) {
            guard line.height > 0, line.width >= lineElongation * line.height else { continue }
            lines += 1
            if abs(sin(line.angle)) > abs(cos(line.angle)) { onEnd += line.width } else { across += line.width }
        }
        return lines >= directionLines ? onEnd / (onEnd + across) : 0
    }

    /// How many times longer than high a box is to count as a line of text whose direction shows.
    public static let lineElongation = 2.0
    /// The fewest lines whose direction shows for ``shareOnEnd(_:)`` to measure.
    public static let directionLines = 3

    /// The same rectangle described with its long side as its first edge, when it is clearly
    /// taller than wide (a sign or a digit alone can be a little taller than wide).
    static func alongText(_ box: TextBox) -> TextBox {
        guard isTall(box) else { return box }
        return TextBox(center: box.center, width: box.height, height: box.width, angle: box.angle + .pi / 2, score: box.score, isCut: box.isCut)
    }

    private static func isTall(_ box: TextBox) -> Bool { box.height > 1.5 * box.width }

    /// The share of `b`'s bounds that `a`'s bounds cover.
    static func overlap(_ a: TextBox, _ b: TextBox) -> Double {
        let p = a.bounds, q = b.bounds
        let w = min(p.x + p.width, q.x + q.width) - max(p.x, q.x), h = min(p.y + p.height, q.y + q.height) - max(p.y, q.y)
        guard w > 0, h > 0, q.width * q.height > 0 else { return 0 }
        return w * h / (q.width * q.height)
    }
}

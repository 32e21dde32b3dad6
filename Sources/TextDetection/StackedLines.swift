/// Splits a detected box that holds lines stacked one over the other into one box per line.
///
/// At the scales a camera frame is looked at, the detector's map runs small lines printed close
/// together (a shelf tag's product name over its price) into one region, and a line reader reads
/// such a box as one line of marks. The ink of stacked lines leaves a row between them that
/// crosses no stroke: a box is cut there when both sides hold a line of text of their own (not an
/// underline or a speck), each side cut again the same way, and each line's box is tightened to
/// its ink.
public enum StackedLines {
    /// The boxes with every box of stacked lines replaced by one box per line, in order.
    public static func split(_ boxes: [TextBox], luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) -> [TextBox] {
        boxes.flatMap { lines(in: $0, luma: luma, width: width, height: height, stride: stride, depth: maximumLines - 1) }
    }

    /// The most lines one box is cut into.
    static let maximumLines = 3

    /// The fewest rows a line must span to be cut off as one (smaller ink is no line to read).
    static let minimumLineRows = 6

    /// A line must span at least this share of the rows of the line on the other side of the cut.
    static let minimumLineShare = 0.4

    /// A row between lines holds at most this share of the ink of the box's inkiest row.
    static let gapInk = 0.12

    /// Rows holding at least this share of the inkiest row's ink count as the text's rows.
    static let textRowInk = 0.2

    /// The margin around a line's ink, as a share of its rows.
    static let margin = 0.25

    /// The lines of one box, `depth` more cuts allowed.
    static func lines(in box: TextBox, luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, depth: Int) -> [TextBox] {
        guard depth > 0, box.width >= box.height, box.height >= Double(2 * minimumLineRows) else { return [box] }
        // A box a little askew is often upright text the map's outline tilted: the gap between its
        // lines shows in upright rows.
        var looks = [box]
        if abs(box.angle) > 0, abs(box.angle) <= uprightAngle {
            let bounds = box.bounds
            looks.append(TextBox(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height, score: box.score, isCut: box.isCut))
        }
        for look in looks {
            guard let sample = InkSample(box: look, luma: luma, width: width, height: height, stride: stride), let (top, bottom) = cut(sample)
            else { continue }
            return [top, bottom].flatMap { band in
                lines(
                    in: sample.box(rows: band.rows, columns: band.columns, original: look), luma: luma, width: width, height: height, stride: stride,
                    depth: depth - 1)
            }
        }
        return [box]
    }

    /// Boxes turned by at most this much (radians) are also looked at upright.
    static let uprightAngle = 0.12

    /// The rows and columns of ink of a line in a sample.
    struct Band: Equatable {
        var rows: ClosedRange<Int>
        var columns: ClosedRange<Int>
    }

    /// The two bands either side of the emptiest row between the sample's text rows whose sides
    /// are both lines (rows tried from the emptiest), when there is one.
    static func cut(_ sample: InkSample) -> (Band, Band)? {
        let rowInk = (0..<sample.rows).map { row in (0..<sample.columns).reduce(0) { $0 + (sample.isInk(row: row, column: $1) ? 1 : 0) } }
        guard let peak = rowInk.max(), peak > 0 else { return nil }
        let textRows = rowInk.indices.filter { Double(rowInk[$0]) >= textRowInk * Double(peak) }
        guard let first = textRows.first, let last = textRows.last, last - first + 1 >= 2 * minimumLineRows else { return nil }
        let middle = Double(first + last) / 2
        let gaps = ((first + 1)..<last).filter { Double(rowInk[$0]) <= gapInk * Double(peak) }
            .sorted { (rowInk[$0], abs(Double($0) - middle)) < (rowInk[$1], abs(Double($1) - middle)) }
        for gap in gaps {
            guard let top = band(sample, rowInk: rowInk, rows: first..<gap), let bottom = band(sample, rowInk: rowInk, rows: (gap + 1)..<(last + 1))
            else { continue }
            let taller = max(top.rows.count, bottom.rows.count)
            if Double(min(top.rows.count, bottom.rows.count)) >= minimumLineShare * Double(taller) { return (top, bottom) }
        }
        return nil
    }

    /// The ink of `rows` as a line: its text rows (at least ``minimumLineRows``) and the columns of
    /// its words. Ink a word space apart that spans under ``wordShare`` of the rows (a speck, small
    /// print touching the line) is no word of it.
    private static func band(_ sample: InkSample, rowInk: [Int], rows: Range<Int>) -> Band? {
        guard let peak = rows.map({ rowInk[$0] }).max(), peak > 0 else { return nil }
        let text = rows.filter { Double(rowInk[$0]) >= textRowInk * Double(peak) }
        guard let first = text.first, let last = text.last, last - first + 1 >= minimumLineRows else { return nil }
        var glyphs: [Band] = []
        var current: Band?
        for column in 0..<sample.columns {
            let inked = (first...last).filter { sample.isInk(row: $0, column: column) }
            guard let top = inked.first, let bottom = inked.last else {
                if let glyph = current { glyphs.append(glyph) }
                current = nil
                continue
            }
            if var glyph = current {
                glyph.rows = min(glyph.rows.lowerBound, top)...max(glyph.rows.upperBound, bottom)
                glyph.columns = glyph.columns.lowerBound...column
                current = glyph
            } else {
                current = Band(rows: top...bottom, columns: column...column)
            }
        }
        if let glyph = current { glyphs.append(glyph) }
        // Glyphs closer than a word space are one word; a word shorter than the line is not of it.
        let rowCount = Double(last - first + 1)
        var words: [Band] = []
        for glyph in glyphs {
            if var word = words.last, Double(glyph.columns.lowerBound - word.columns.upperBound - 1) < wordSpace * rowCount {
                word.rows = min(word.rows.lowerBound, glyph.rows.lowerBound)...max(word.rows.upperBound, glyph.rows.upperBound)
                word.columns = word.columns.lowerBound...glyph.columns.upperBound
                words[words.count - 1] = word
            } else {
                words.append(glyph)
            }
        }
        let kept = words.filter { Double($0.rows.count) >= wordShare * rowCount }
        guard let left = kept.first?.columns.lowerBound, let right = kept.last?.columns.upperBound,
              let top = kept.map(\.rows.lowerBound).min(), let bottom = kept.map(\.rows.upperBound).max(), bottom - top + 1 >= minimumLineRows
        else { return nil }
        return Band(rows: top...bottom, columns: left...right)
    }

    /// The share of a line's rows a word of it spans at least.
    static let wordShare = 0.6

    /// Columns between glyphs, as a share of the line's rows, from which they are words apart.
    static let wordSpace = 0.5
}

import Capture

/// Tells a proposed line near the frame's top or bottom edge whose glyphs end before it: the
/// line detector's box on a coarse pyramid level runs a few pixels past the text, so a price
/// coming in from below (`¥7,580`, its text 4 px above the bottom edge) waited a frame or two
/// longer than its text needed to be read.
///
/// The rows between the line and the edge count as blank when their luma (in 2x2 means, against
/// noise) varies by at most ``blankContrast`` of what the line itself spans; at least
/// ``minimumBlankRows`` of them, the ones touching the edge, must be blank. A glyph cut by the
/// edge (the tail of a comma, a descender) reaches the edge's rows.
///
/// The same holds at the right edge, for the columns there: `2 753 Kč`, its `č` 2 px from the
/// edge, was not read for 12 frames. The edge may fall in the gap between two words or digits
/// there (`€ 12|,49`), but what is read then ends in digits, or in an amount without its
/// currency, at the edge, and such a price is not shown (`PriceStage.isCutOff`). Not at the left
/// edge: a price whose amount begins there is shown from half a height on, and the edge in the
/// gap of `67,|87 €` showed `87 €` for 47 frames.
public enum EdgeClearance {
    /// The part of the line's own luma range the rows at the edge may span and still count as blank.
    static let blankContrast = 0.25
    /// Least luma range of a line for the comparison to mean something.
    static let minimumLineContrast = 32
    /// Blank rows the text must leave before the edge (even: rows are taken in pairs).
    static let minimumBlankRows = 2

    /// Whether the line's box comes nearer the top, the bottom or the right edge than
    /// `verticalMargin` or `sideMargin` line heights (the scheduler's ``OCRScheduler/verticalEdgeMargin``
    /// and ``OCRScheduler/readingEdgeMargin``) but its glyphs end before that edge; it must be that
    /// far from the left edge.
    public static func isClear(_ line: PixelRect, in frame: Frame, sideMargin: Double, verticalMargin: Double) -> Bool {
        let side = sideMargin * line.height
        guard line.x >= side, line.maxX <= Double(frame.width), line.y >= 0, line.maxY <= Double(frame.height) else { return false }
        let vertical = max(1, verticalMargin * line.height)
        let nearTop = line.y < vertical, nearBottom = line.maxY > Double(frame.height) - vertical
        let nearRight = line.maxX > Double(frame.width) - side
        guard nearTop || nearBottom || nearRight else { return true }
        let columns = max(0, Int(line.x))..<min(frame.width, Int(line.maxX.rounded(.up)))
        let rows = max(0, Int(line.y))..<min(frame.height, Int(line.maxY.rounded(.up)))
        guard columns.count >= 4, rows.count >= 8 else { return false }
        let lineRange = range(of: frame, columns: columns, rows: rows)
        guard lineRange >= minimumLineContrast else { return false }
        let limit = blankContrast * Double(lineRange)
        let blank = minimumBlankRows
        if nearTop, Double(range(of: frame, columns: columns, rows: 0..<blank)) > limit { return false }
        if nearBottom, Double(range(of: frame, columns: columns, rows: (frame.height - blank)..<frame.height)) > limit { return false }
        if nearRight, Double(range(of: frame, columns: (frame.width - blank)..<frame.width, rows: rows)) > limit { return false }
        return true
    }

    /// The width, in text heights, of the strip after a price's end that must be blank for
    /// ``isBlankAfter(_:in:)``: the gap between two digits of one number is narrower (about a
    /// tenth), so a further digit, cut by the edge or not, shows ink in it.
    static let minimumSideStrip = 0.2

    /// Whether nothing is printed right after a price read near the frame's right edge: the strip
    /// from the end of its box, ``minimumSideStrip`` of its height wide and inside the frame, varies
    /// by at most ``blankContrast`` of what the price's own box spans. A further digit of the same
    /// number would begin in that strip, whether or not the edge cuts it (a cut glyph shows its
    /// left part there, whatever OCR made of it); what lies beyond it (a tag's border, the next
    /// word) is no part of the number. An edge nearer than the strip's width is in the gap and
    /// tells nothing.
    public static func isBlankAfter(_ text: PixelRect, in frame: Frame) -> Bool {
        let start = Int(text.maxX.rounded(.up))
        let end = start + Int(max(2, minimumSideStrip * text.height).rounded(.up))
        let rows = max(0, Int(text.y))..<min(frame.height, Int(text.maxY.rounded(.up)))
        guard start >= 2, end <= frame.width, rows.count >= 8 else { return false }
        let textRange = range(of: frame, columns: max(0, Int(text.x))..<min(frame.width, start), rows: rows)
        guard textRange >= minimumLineContrast else { return false }
        return Double(range(of: frame, columns: start..<end, rows: rows)) <= blankContrast * Double(textRange)
    }

    /// The spread (largest minus smallest) of the 2x2 means of the luma in the rectangle.
    static func range(of frame: Frame, columns: Range<Int>, rows: Range<Int>) -> Int {
        var low = Int.max, high = Int.min
        frame.luma.withUnsafeBufferPointer { luma in
            var y = rows.lowerBound
            while y + 1 < rows.upperBound {
                let top = y * frame.stride, bottom = top + frame.stride
                var x = columns.lowerBound
                while x + 1 < columns.upperBound {
                    let sum = Int(luma[top + x]) + Int(luma[top + x + 1]) + Int(luma[bottom + x]) + Int(luma[bottom + x + 1])
                    low = min(low, sum)
                    high = max(high, sum)
                    x += 2
                }
                y += 2
            }
        }
        return high >= low ? (high - low) / 4 : 0
    }
}

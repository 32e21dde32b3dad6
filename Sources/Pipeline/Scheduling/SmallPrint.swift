import SceneAnalysis
import Tracking

/// Tells a price tag's small print (its product name, a date, an article number) from the lines
/// that may hold its price, by the lines' sizes alone: a tag's price is its biggest text, and the
/// lines right above and below it on the tag are much smaller. A scan leaves small print unread
/// until the taller line has been read and found to hold no price (a heading over a menu's
/// items); the whole-frame pass reads it all the same.
///
/// On the generated shelves the tags' small print is 0.28–0.42 times the price's size; on
/// handheld-640 it took 44 % of the scans' line-read time, and not one price came from it.
enum SmallPrint {
    /// How many times taller than a line a line above or below it must be for the smaller one to
    /// be small print.
    static let heightRatio = 1.8
    /// The widest gap between the taller line and the small print, in the taller line's heights
    /// (on a tag, the name and the bottom line lie about a fifth of the price's height from it).
    static let gapHeights = 0.8
    /// The least width of the taller line, in its heights: text of three characters or more, not a
    /// blob such as a tag's border or a logo, which the line finder proposes too.
    static let textAspect = 2.0

    /// A line left unread as small print, and the taller line beside it, in one frame's pixels.
    struct Line: Sendable, Equatable {
        var line: PixelRect
        var beside: PixelRect
    }

    /// The line of `lines` beside which `line` is small print, if any: it is ``heightRatio`` times
    /// taller, at least ``textAspect`` heights wide, lies above or below `line` (not around it: a
    /// row of blurred tags merged into one coarse line holds the lines found inside it), within
    /// ``gapHeights`` of it, and spans at least half of `line`'s width (the same tag, not the next
    /// one along the shelf).
    static func tallerLine(beside line: PixelRect, among lines: [PixelRect]) -> PixelRect? {
        lines.first { big in
            guard big.height >= heightRatio * line.height, big.width >= textAspect * big.height else { return false }
            let overlap = min(line.maxX, big.maxX) - max(line.x, big.x)
            guard overlap >= 0.5 * line.width else { return false }
            let gap = max(line.y - big.maxY, big.y - line.maxY)
            return gap >= -0.25 * line.height && gap <= gapHeights * big.height
        }
    }
}

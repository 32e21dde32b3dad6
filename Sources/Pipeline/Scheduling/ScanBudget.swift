import SceneAnalysis
import Tracking

/// How much of the unread frame one scan takes on with the text detector: at most `blocks` of the
/// finest level's squares (``TextDetection/TextLocator/Configuration/finestBlock``), those whose
/// reading is worth most: their unread content times how long it stays in view at the camera's
/// current motion (up to ``horizon``). The rest stay unread for the next scans.
///
/// A scan's cost grows with the squares it covers, and while it runs a moving camera brings new
/// content into view: a scan of everything unread takes so long that the next one finds most of
/// the frame new again, and reads land when their tags are leaving. Scans of a few squares keep
/// up with a pan. A square at the edge the content comes in from stays in view longest, but while
/// the camera pans only a sliver of it is new at each scan: squares wholly unread further in (the
/// first frame's, content a scan has not reached) are worth more, until the slivers add up.
struct ScanBudget: Sendable, Hashable {
    /// Squares a scan covers at most.
    var blocks: Int
    /// The squares' side, frame pixels.
    var block: Int

    /// The squares of the grid (index row by row) holding unread cells, with how many. Each
    /// unread cell counts for the square that holds its top-left corner.
    func unreadCells(of unread: CellMask, width: Int) -> [Int: Int] {
        guard block > 0, width > 0 else { return [:] }
        let columns = columns(width: width)
        var cells: [Int: Int] = [:]
        for row in 0..<unread.rows {
            for column in 0..<unread.columns where unread[column, row] {
                cells[square(column: column, row: row, cellSize: unread.cellSize, columns: columns), default: 0] += 1
            }
        }
        return cells
    }

    /// The grid's columns across a frame `width` pixels wide.
    private func columns(width: Int) -> Int { (width + block - 1) / block }

    /// The square (index row by row, `columns` a row) holding the top-left corner of the cell at
    /// `column`, `row` of a mask of `cellSize`-pixel cells.
    private func square(column: Int, row: Int, cellSize: Int, columns: Int) -> Int {
        (row * cellSize / block) * columns + column * cellSize / block
    }

    /// The cells of `unread` in the squares a scan takes on now (all of them when they lie in no
    /// more than ``blocks`` squares), of the squares `ripe` allows (all when `nil`). `velocity` is
    /// the content's motion, frame pixels a frame.
    func firstRead(of unread: CellMask, velocity: (dx: Double, dy: Double), width: Int, height: Int, ripe: Set<Int>? = nil) -> CellMask {
        guard blocks > 0, block > 0, width > 0, height > 0 else { return unread }
        let columns = columns(width: width)
        var cells = unreadCells(of: unread, width: width)
        if let ripe { cells = cells.filter { ripe.contains($0.key) } }
        guard cells.count > blocks || ripe != nil else { return unread }
        let centre = (x: Double(width) / 2, y: Double(height) / 2)
        let ranked = cells.map { square, count -> (square: Int, worth: Double, offCentre: Double) in
            let x = (Double(square % columns) + 0.5) * Double(block), y = (Double(square / columns) + 0.5) * Double(block)
            let inView = min(
                Self.framesInView(position: x, speed: velocity.dx, extent: Double(width)),
                Self.framesInView(position: y, speed: velocity.dy, extent: Double(height)))
            return (square, Double(count) * min(inView, Self.horizon), (x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y))
        }
        .sorted { ($1.worth, $0.offCentre, $0.square) < ($0.worth, $1.offCentre, $1.square) }
        // Each chosen square is taken whole: its unread cells.
        let chosen = Set(ranked.prefix(blocks).map(\.square))
        var out = CellMask(cellSize: unread.cellSize, columns: unread.columns, rows: unread.rows)
        for row in 0..<unread.rows {
            for column in 0..<unread.columns where unread[column, row]
                && chosen.contains(square(column: column, row: row, cellSize: unread.cellSize, columns: columns)) {
                out[column, row] = true
            }
        }
        return out
    }

    /// Frames until content at `position` moving at `speed` pixels a frame leaves an axis of
    /// `extent` pixels; unbounded while it keeps still on that axis (less than ``stillSpeed``).
    static func framesInView(position: Double, speed: Double, extent: Double) -> Double {
        if speed <= -stillSpeed { return max(0, position) / -speed }
        if speed >= stillSpeed { return max(0, extent - position) / speed }
        return .infinity
    }

    /// Frames beyond which staying longer in view adds nothing to a square's worth: the content
    /// in view while the camera keeps still is all worth the same.
    static let horizon = 150.0

    /// Pixels a frame below which content counts as keeping still: a hand's sway.
    static let stillSpeed = 0.5
}

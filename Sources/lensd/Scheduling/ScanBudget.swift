import Tracking

/// How much of the unread frame one scan takes on with the text detector: at most `blocks` of the
/// finest level's squares (``TextDetection/TextLocator/Configuration/finestBlock``), those whose
/// content stays in view longest at the camera's current motion. The rest stay unread for the
/// next scans.
///
/// A scan's cost grows with the squares it covers, and while it runs a moving camera brings new
/// content into view: a scan of everything unread takes so long that the next one finds most of
/// the frame new again, and reads land when their tags are leaving. Scans of a few squares keep
/// up with a pan, and the squares at the edge the content comes in from are read first, as they
/// stay in view longest; what would leave before its turn is not read.
struct ScanBudget: Sendable, Hashable {
    /// Squares a scan covers at most.
    var blocks: Int
    /// The squares' side, frame pixels.
    var block: Int

    /// The cells of `unread` in the squares a scan takes on now (all of them when they lie in no
    /// more than ``blocks`` squares). `velocity` is the content's motion, frame pixels a frame.
    func firstRead(of unread: CellMask, velocity: (dx: Double, dy: Double), width: Int, height: Int) -> CellMask {
        guard blocks > 0, block > 0, width > 0, height > 0 else { return unread }
        let columns = (width + block - 1) / block
        // Each unread cell counts for the square that holds its top-left corner.
        func square(column: Int, row: Int) -> Int { (row * unread.cellSize / block) * columns + column * unread.cellSize / block }
        var touched = Set<Int>()
        for row in 0..<unread.rows {
            for column in 0..<unread.columns where unread[column, row] { touched.insert(square(column: column, row: row)) }
        }
        guard touched.count > blocks else { return unread }
        let centre = (x: Double(width) / 2, y: Double(height) / 2)
        let ranked = touched.map { square -> (square: Int, inView: Double, offCentre: Double) in
            let x = (Double(square % columns) + 0.5) * Double(block), y = (Double(square / columns) + 0.5) * Double(block)
            let inView = min(
                Self.framesInView(position: x, speed: velocity.dx, extent: Double(width)),
                Self.framesInView(position: y, speed: velocity.dy, extent: Double(height)))
            return (square, inView, (x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y))
        }
        .sorted { ($1.inView, $0.offCentre, $0.square) < ($0.inView, $1.offCentre, $1.square) }
        let chosen = Set(ranked.prefix(blocks).map(\.square))
        var out = CellMask(cellSize: unread.cellSize, columns: unread.columns, rows: unread.rows)
        for row in 0..<unread.rows {
            for column in 0..<unread.columns where unread[column, row] && chosen.contains(square(column: column, row: row)) {
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

    /// Pixels a frame below which content counts as keeping still: a hand's sway.
    static let stillSpeed = 0.5
}

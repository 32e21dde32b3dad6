/// A grid of square cells over a frame, each set or not: which parts of a frame changed.
///
/// Cell `(column, row)` covers frame pixels `column·cellSize ..< (column+1)·cellSize` across and
/// the same down; the last column and row may stick out past the frame's edge.
public struct CellMask: Sendable, Hashable {
    public let cellSize: Int
    public let columns: Int
    public let rows: Int
    private var bits: [Bool]

    /// A mask of `columns × rows` cells, all set to `value`.
    public init(cellSize: Int, columns: Int, rows: Int, value: Bool = false) {
        self.cellSize = max(1, cellSize)
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.bits = Array(repeating: value, count: self.columns * self.rows)
    }

    /// A mask covering a `width × height` frame.
    public init(cellSize: Int, frameWidth: Int, frameHeight: Int, value: Bool = false) {
        let size = max(1, cellSize)
        self.init(cellSize: size, columns: (max(0, frameWidth) + size - 1) / size,
                  rows: (max(0, frameHeight) + size - 1) / size, value: value)
    }

    public subscript(column: Int, row: Int) -> Bool {
        get { column >= 0 && column < columns && row >= 0 && row < rows && bits[row * columns + column] }
        set {
            guard column >= 0, column < columns, row >= 0, row < rows else { return }
            bits[row * columns + column] = newValue
        }
    }

    /// Number of cells set.
    public var count: Int { bits.reduce(0) { $0 + ($1 ? 1 : 0) } }

    public var isEmpty: Bool { !bits.contains(true) }

    /// The frame rectangle of one cell.
    public func rect(column: Int, row: Int) -> PixelRect {
        PixelRect(x: Double(column * cellSize), y: Double(row * cellSize), width: Double(cellSize), height: Double(cellSize))
    }

    /// Whether any set cell overlaps `rect` (frame pixels).
    public func intersects(_ rect: PixelRect) -> Bool {
        let range = cells(overlapping: rect)
        for row in range.rows {
            for column in range.columns where bits[row * columns + column] {
                return true
            }
        }
        return false
    }

    /// Sets (or clears) every cell overlapping `rect`.
    public mutating func set(_ rect: PixelRect, to value: Bool = true) {
        let range = cells(overlapping: rect)
        for row in range.rows {
            for column in range.columns {
                bits[row * columns + column] = value
            }
        }
    }

    /// Sets every cell set in `other` (same geometry; cells outside either are ignored).
    public mutating func formUnion(_ other: CellMask) {
        for row in 0..<min(rows, other.rows) {
            for column in 0..<min(columns, other.columns) where other[column, row] {
                bits[row * columns + column] = true
            }
        }
    }

    /// Clears every cell not set in `other` (same geometry; cells outside `other` are cleared).
    public mutating func formIntersection(_ other: CellMask) {
        for row in 0..<rows {
            for column in 0..<columns where !other[column, row] {
                bits[row * columns + column] = false
            }
        }
    }

    /// Clears every cell set in `other` (same geometry; cells outside either are ignored).
    public mutating func subtract(_ other: CellMask) {
        for row in 0..<min(rows, other.rows) {
            for column in 0..<min(columns, other.columns) where other[column, row] {
                bits[row * columns + column] = false
            }
        }
    }

    /// The mask with its content moved by whole cells: what was at `(c, r)` is now at
    /// `(c + dc, r + dr)`; cells moved in from outside take `fill`.
    public func shifted(columns dc: Int, rows dr: Int, fill: Bool) -> CellMask {
        var out = CellMask(cellSize: cellSize, columns: columns, rows: rows, value: fill)
        for row in 0..<rows {
            for column in 0..<columns {
                let from = (column - dc, row - dr)
                guard from.0 >= 0, from.0 < columns, from.1 >= 0, from.1 < rows else { continue }
                out.bits[row * columns + column] = bits[from.1 * columns + from.0]
            }
        }
        return out
    }

    /// The rectangles of the set cells, each run of set cells in a row merged into one.
    public var runs: [PixelRect] {
        var out: [PixelRect] = []
        for row in 0..<rows {
            var column = 0
            while column < columns {
                guard bits[row * columns + column] else { column += 1; continue }
                let start = column
                while column < columns, bits[row * columns + column] { column += 1 }
                out.append(PixelRect(
                    x: Double(start * cellSize), y: Double(row * cellSize),
                    width: Double((column - start) * cellSize), height: Double(cellSize)))
            }
        }
        return out
    }

    private func cells(overlapping rect: PixelRect) -> (columns: Range<Int>, rows: Range<Int>) {
        guard rect.width > 0, rect.height > 0, rect.x.isFinite, rect.y.isFinite, rect.maxX.isFinite, rect.maxY.isFinite
        else { return (0..<0, 0..<0) }
        let size = Double(cellSize)
        let c0 = max(0, Int((rect.x / size).rounded(.down))), r0 = max(0, Int((rect.y / size).rounded(.down)))
        let c1 = min(columns, Int((rect.maxX / size).rounded(.up))), r1 = min(rows, Int((rect.maxY / size).rounded(.up)))
        return (c0..<max(c0, c1), r0..<max(r0, r1))
    }
}

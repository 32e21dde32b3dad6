/// Per square cell of an image, how many of its pixels have a strong luma gradient
/// (``TextDetector/structure(luma:width:height:stride:cell:threshold:)``).
public struct StructureGrid: Sendable, Hashable {
    public let cell: Int
    public let columns: Int
    public let rows: Int
    public let width: Int
    public let height: Int
    /// Row by row.
    public let counts: [Int]

    /// The share of a cell's pixels with a strong gradient.
    public func density(column: Int, row: Int) -> Double {
        let cellWidth = min(cell, width - column * cell), cellHeight = min(cell, height - row * cell)
        guard cellWidth > 0, cellHeight > 0 else { return 0 }
        return Double(counts[row * columns + column]) / Double(cellWidth * cellHeight)
    }
}

import CKernels

/// The lengths of the vertical chains of edge marks through each mark of one pyramid level, for
/// ``TextRegionDetector``: it drops chains taller than any text line (tag and box borders) and
/// splits lines where a long chain crosses them.
///
/// A chain goes down one row a step and may move one column left or right after at least
/// ``straightRows`` rows in one column, so the border of a slightly rotated tag, which no single
/// column holds for long, counts as one chain, while glyph strokes that touch their neighbours
/// diagonally (a big price next to its tag's border) do not join into one.
///
/// Works a whole row at a time from the row before it, with no branch per pixel
/// (`lensd_chain_step`): marks are dense on text, and a visit per mark cost a branch per mark.
struct VerticalChainLengths {
    /// Rows a chain must stay in one column before it may step to the next: a slope of at most
    /// one in four (14°), far more than a tag turned in the hand, far less than a glyph's diagonal.
    static let straightRows: UInt8 = 4

    /// Per pixel of the level (row-major, `width` a row): the rows of the longest chain that ends
    /// at the mark coming from above, the mark included; 0 off marks. Saturates at 255.
    private(set) var down: [UInt8] = []
    /// The same for the longest chain that starts at the mark going down.
    private(set) var up: [UInt8] = []
    /// Two rows of chain lengths and two of rows in one column, each with a zero byte before and
    /// after it (the neighbours of the first and last columns).
    private var lengthRows: [UInt8] = []
    private var straightRows: [UInt8] = []

    /// Measures the chains through the non-zero bytes of `marks` (`width * height`, row-major).
    mutating func measure(marks: UnsafePointer<UInt8>, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let padded = width + 2
        // Every row of both is written below.
        down.growZeroed(to: width * height)
        up.growZeroed(to: width * height)
        lengthRows.zeroFirst(2 * padded)
        straightRows.zeroFirst(2 * padded)
        lengthRows.withUnsafeMutableBufferPointer { lengths in
            straightRows.withUnsafeMutableBufferPointer { straight in
                guard let lengthBase = lengths.baseAddress, let straightBase = straight.baseAddress else { return }
                down.withUnsafeMutableBufferPointer { down in
                    guard let downBase = down.baseAddress else { return }
                    Self.chains(
                        marks: marks, width: width, rows: Swift.stride(from: 0, to: height, by: 1), into: downBase, lengthRows: lengthBase, straightRows: straightBase)
                }
                lengths.update(repeating: 0)
                straight.update(repeating: 0)
                up.withUnsafeMutableBufferPointer { up in
                    guard let upBase = up.baseAddress else { return }
                    Self.chains(
                        marks: marks, width: width, rows: Swift.stride(from: height - 1, to: -1, by: -1), into: upBase, lengthRows: lengthBase, straightRows: straightBase)
                }
            }
        }
    }

    /// Runs the chains through `rows` in the order given, each from the one before it, and writes
    /// each row's lengths to `output`. `lengthRows` and `straightRows` hold two zeroed padded rows.
    private static func chains(
        marks: UnsafePointer<UInt8>, width: Int, rows: StrideTo<Int>, into output: UnsafeMutablePointer<UInt8>,
        lengthRows: UnsafeMutablePointer<UInt8>, straightRows: UnsafeMutablePointer<UInt8>
    ) {
        let padded = width + 2
        var previous = 0
        for y in rows {
            let current = padded - previous
            step(
                marks: marks + y * width, width: width,
                previousLengths: lengthRows + previous + 1, previousStraight: straightRows + previous + 1,
                lengths: lengthRows + current + 1, straight: straightRows + current + 1)
            (output + y * width).update(from: lengthRows + current + 1, count: width)
            previous = current
        }
    }

    /// One row of chains from the row before it (its neighbours at -1 and `width` read as zero):
    /// each mark continues the longest chain through the same column, or through a column beside
    /// it that has stayed ``straightRows`` rows in its column, and counts the rows it has stayed in
    /// its own (`lensd_chain_step`, 16 or 32 bytes at a time, skipping those with no mark).
    @inline(__always)
    private static func step(
        marks: UnsafePointer<UInt8>, width: Int,
        previousLengths: UnsafePointer<UInt8>, previousStraight: UnsafePointer<UInt8>,
        lengths: UnsafeMutablePointer<UInt8>, straight: UnsafeMutablePointer<UInt8>
    ) {
        lensd_chain_step(marks, Int32(width), straightRows, previousLengths, previousStraight, lengths, straight)
    }
}

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
    /// A row of zeros (the lengths and straight runs before the first row) and two rows of
    /// straight runs, the previous row's and the current one's.
    private var zeroRow: [UInt8] = []
    private var straightRows: [UInt8] = []

    /// Measures the chains through the non-zero bytes of `marks` (`width * height`, row-major).
    mutating func measure(marks: UnsafePointer<UInt8>, width: Int, height: Int) {
        measure(marks: UnsafeMutablePointer(mutating: marks), width: width, height: height, droppingAbove: nil)
    }

    /// Measures the chains, and with a `cap` sets to 2 (ignored) every mark whose chains down and up
    /// add up to more than `cap` (`down + up - 1` rows: more than `cap - 1`), each row as soon as
    /// its chains up are known. A mark set to 2 is still a mark, so the chains stay the same.
    mutating func measure(marks: UnsafeMutablePointer<UInt8>, width: Int, height: Int, droppingAbove cap: UInt8?) {
        guard width > 0, height > 0 else { return }
        // Every row of both is written below.
        down.growZeroed(to: width * height)
        up.growZeroed(to: width * height)
        zeroRow.zeroFirst(width)
        straightRows.growZeroed(to: 2 * width)
        zeroRow.withUnsafeBufferPointer { zeros in
            straightRows.withUnsafeMutableBufferPointer { straight in
                down.withUnsafeMutableBufferPointer { down in
                    up.withUnsafeMutableBufferPointer { up in
                        guard let zeroBase = zeros.baseAddress, let straightBase = straight.baseAddress,
                              let downBase = down.baseAddress, let upBase = up.baseAddress else { return }
                        var previous: UnsafePointer<UInt8> = zeroBase, previousStraight: UnsafePointer<UInt8> = zeroBase
                        for y in 0..<height {
                            let straightRow = straightBase + (y & 1) * width
                            Self.step(
                                marks: marks + y * width, width: width, previousLengths: previous, previousStraight: previousStraight,
                                lengths: downBase + y * width, straight: straightRow)
                            previous = UnsafePointer(downBase + y * width)
                            previousStraight = UnsafePointer(straightRow)
                        }
                        previous = zeroBase
                        previousStraight = zeroBase
                        for y in Swift.stride(from: height - 1, through: 0, by: -1) {
                            let straightRow = straightBase + (y & 1) * width
                            Self.step(
                                marks: marks + y * width, width: width, previousLengths: previous, previousStraight: previousStraight,
                                lengths: upBase + y * width, straight: straightRow)
                            if let cap {
                                lensd_drop_long_chains(marks + y * width, downBase + y * width, upBase + y * width, Int32(width), cap)
                            }
                            previous = UnsafePointer(upBase + y * width)
                            previousStraight = UnsafePointer(straightRow)
                        }
                    }
                }
            }
        }
    }

    /// One row of chains from the row before it (the neighbours of its first and last columns read as zero):
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

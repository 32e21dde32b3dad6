import CKernels
import Testing

/// The 16- and 32-byte builds of the proposals' row kernels (`row_kernels.h`) give the same bytes.
/// (Halving and gathering marks are checked against plain loops here too.)
/// The detector's own tests check the build this CPU runs against plain loops; these check the
/// other build against it, so that a CPU without AVX2 gets the same proposals.
@Suite("Row kernels", .enabled(if: lensd_has_wide_vectors() != 0, "this CPU has no AVX2: only the 16-byte build runs"))
struct RowKernelsTests {
    /// Row widths around the vector sizes and a camera row.
    static let widths = [1, 2, 3, 15, 16, 17, 31, 32, 33, 47, 64, 65, 100, 640]

    /// A row of luma with flat stretches, small ripples and steps of every size.
    static func lumaRow(width: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var row: [UInt8] = []
        var level = Int.random(in: 0...255, using: &generator)
        while row.count < width {
            let stretch = Int.random(in: 1...12, using: &generator)
            for _ in 0..<stretch where row.count < width {
                row.append(UInt8(clamping: level + Int.random(in: -3...3, using: &generator)))
            }
            level = Int.random(in: 0...3, using: &generator) == 0 ? Int.random(in: 0...255, using: &generator) : level
        }
        return row
    }

    /// Bytes drawn from `values`, with runs of zeros (marks are sparse off text).
    static func bytes(count: Int, from values: [UInt8], zeroShare: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        (0..<count).map { _ in
            Int.random(in: 0..<100, using: &generator) < zeroShare ? 0 : values.randomElement(using: &generator) ?? 0
        }
    }

    @Test("steps: the same steps and the same answer to whether there is any", arguments: widths)
    func steps(width: Int) {
        var generator = SystemRandomNumberGenerator()
        for threshold: UInt8 in [1, 8, 20, 255] {
            for _ in 0..<20 {
                let row = Self.lumaRow(width: width, using: &generator)
                var narrow = [UInt8](repeating: 9, count: width), wide = narrow
                let foundNarrow = lensd_row_steps_narrow(row, Int32(width), threshold, &narrow)
                let foundWide = lensd_row_steps_wide(row, Int32(width), threshold, &wide)
                #expect(narrow == wide)
                #expect(foundNarrow == foundWide)
                #expect((foundNarrow != 0) == narrow.dropFirst().dropLast().contains { $0 != 0 })
            }
        }
    }

    @Test("stroke pairs: the same marks at every pairing distance", arguments: widths)
    func strokePairs(width: Int) {
        var generator = SystemRandomNumberGenerator()
        for pairing in [0, 1, 2, 3, 6, 11, 40] {
            for zeroShare in [20, 90] {
                let steps = Self.bytes(count: width, from: [1, 2], zeroShare: zeroShare, using: &generator)
                let scratch = width + 2 * pairing
                var first = [UInt8](repeating: 7, count: scratch), second = first
                var narrow = [UInt8](repeating: 9, count: width), wide = narrow
                lensd_stroke_pairs_narrow(steps, Int32(width), Int32(pairing), &first, &second, &narrow)
                lensd_stroke_pairs_wide(steps, Int32(width), Int32(pairing), &first, &second, &wide)
                #expect(narrow == wide, "pairing \(pairing)")
                #expect(narrow.allSatisfy { [0, 1, 3].contains($0) })
            }
        }
    }

    @Test("chain step: the same lengths and straight runs, saturation included", arguments: widths)
    func chainStep(width: Int) {
        var generator = SystemRandomNumberGenerator()
        for zeroShare in [0, 30, 95] {
            for _ in 0..<10 {
                let marks = Self.bytes(count: width, from: [1, 2, 3], zeroShare: zeroShare, using: &generator)
                let previousLengths = Self.bytes(count: width, from: [1, 3, 4, 5, 200, 254, 255], zeroShare: 30, using: &generator)
                let previousStraight = Self.bytes(count: width, from: [1, 3, 4, 5, 254, 255], zeroShare: 30, using: &generator)
                var narrowLengths = [UInt8](repeating: 9, count: width), narrowStraight = narrowLengths
                var wideLengths = narrowLengths, wideStraight = narrowLengths
                lensd_chain_step_narrow(marks, Int32(width), 4, previousLengths, previousStraight, &narrowLengths, &narrowStraight)
                lensd_chain_step_wide(marks, Int32(width), 4, previousLengths, previousStraight, &wideLengths, &wideStraight)
                #expect(narrowLengths == wideLengths)
                #expect(narrowStraight == wideStraight)
            }
        }
    }

    @Test("long chains: the same marks dropped at every cap", arguments: [1, 15, 16, 33, 1000])
    func dropLongChains(count: Int) {
        var generator = SystemRandomNumberGenerator()
        let down = Self.bytes(count: count, from: Array(1...255), zeroShare: 20, using: &generator)
        let up = Self.bytes(count: count, from: Array(1...255), zeroShare: 20, using: &generator)
        let marks = Self.bytes(count: count, from: [1, 3], zeroShare: 20, using: &generator)
        for cap: UInt8 in [0, 1, 10, 43, 128, 255] {
            var narrow = marks, wide = marks
            lensd_drop_long_chains_narrow(&narrow, down, up, Int32(count), cap)
            lensd_drop_long_chains_wide(&wide, down, up, Int32(count), cap)
            #expect(narrow == wide, "cap \(cap)")
            let expected = marks.indices.map { index in
                Int(down[index]) > Int(cap) - min(Int(up[index]), Int(cap)) ? UInt8(2) : marks[index]
            }
            #expect(narrow == expected, "cap \(cap)")
        }
    }

    @Test("halving: the same rounded 2x2 means as a plain loop", arguments: [(1, 1), (2, 2), (33, 5), (64, 4), (65, 7), (130, 9), (640, 6)])
    func halve(width: Int, height: Int) {
        var generator = SystemRandomNumberGenerator()
        let stride = width + 3
        let source = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let outWidth = width / 2, outHeight = height / 2
        var expected = [UInt8](repeating: 0, count: outWidth * outHeight)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let top = 2 * y * stride + 2 * x, bottom = top + stride
                let sum = Int(source[top]) + Int(source[top + 1]) + Int(source[bottom]) + Int(source[bottom + 1])
                expected[y * outWidth + x] = UInt8((sum + 2) / 4)
            }
        }
        var narrow = [UInt8](repeating: 7, count: max(1, outWidth * outHeight)), wide = narrow
        lensd_halve_narrow(source, Int32(width), Int32(height), Int32(stride), &narrow)
        lensd_halve_wide(source, Int32(width), Int32(height), Int32(stride), &wide)
        #expect(Array(narrow.prefix(expected.count)) == expected)
        #expect(Array(wide.prefix(expected.count)) == expected)
    }

    @Test("gathering marks: one bit a byte with its lowest bit set, nothing past the row", arguments: [1, 8, 63, 64, 65, 127, 128, 200, 640])
    func gatherMarks(count: Int) {
        var generator = SystemRandomNumberGenerator()
        for zeroShare in [0, 50, 100] {
            let row = Self.bytes(count: count, from: [1, 2, 3, 0x81, 0xFE], zeroShare: zeroShare, using: &generator)
            let words = (count + 63) / 64
            var expected = [UInt64](repeating: 0, count: words)
            for (x, byte) in row.enumerated() where byte & 1 == 1 { expected[x / 64] |= 1 << UInt64(x % 64) }
            var narrow = [UInt64](repeating: .max, count: words), wide = narrow
            let anyNarrow = lensd_gather_marks_narrow(row, Int32(count), &narrow)
            let anyWide = lensd_gather_marks_wide(row, Int32(count), &wide)
            #expect(narrow == expected)
            #expect(wide == expected)
            #expect((anyNarrow != 0) == expected.contains { $0 != 0 })
            #expect(anyNarrow == anyWide)
        }
    }
}

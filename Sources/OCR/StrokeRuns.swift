import CKernels

/// Finds the runs of one row of ``TextRegionDetector``'s mark plane: stroke marks (bytes with
/// their lowest bit set) at most `gap` pixels apart, each run from its first mark to its last,
/// with the number of marks in it.
///
/// Works on the row as a bit set, 64 pixels a word. A morphological closing (each mark spread
/// `gap − 1` pixels to the right, then every pixel kept whose next `gap − 1` pixels are all
/// covered) fills exactly the gaps between marks at most `gap` apart, so each run of marks is one
/// interval of set bits, found with a few operations per word. Visiting the marks one by one took
/// a branch per mark, and the rows of text are full of them. Keeps its buffers between calls.
struct StrokeRuns {
    private var marks: [UInt64] = []
    private var closed: [UInt64] = []

    /// Calls `body(first, last, count)` for every run of at least two marks among the `count`
    /// bytes from `row`, left to right. `gap` is taken within `1 ... 63`.
    mutating func forEachRun(in row: UnsafePointer<UInt8>, count: Int, gap: Int, _ body: (_ first: Int, _ last: Int, _ marks: Int) -> Void) {
        guard count > 0 else { return }
        let reach = min(max(gap, 1), 63) - 1
        let words = (count + reach + 63) / 64
        var marks = self.marks, closed = self.closed
        self.marks = []
        self.closed = []
        defer {
            self.marks = marks
            self.closed = closed
        }
        // The words past the row's last mark must be clear; `close` writes all of `closed`.
        marks.zeroFirst(words)
        closed.growZeroed(to: words)
        marks.withUnsafeMutableBufferPointer { marks in
            closed.withUnsafeMutableBufferPointer { closed in
                guard let bits = marks.baseAddress, let spans = closed.baseAddress,
                      Self.gatherMarks(of: row, count: count, into: bits) else { return }
                Self.close(bits, words: words, reach: reach, into: spans)
                Self.forEachInterval(in: spans, words: words) { first, last in
                    guard last > first else { return }
                    body(first, last, Self.population(of: bits, from: first, through: last))
                }
            }
        }
    }

    /// Sets bit `x % 64` of word `x / 64` of `bits` for every stroke mark `x`; whether there is any
    /// (`lensd_gather_marks`: a byte comparison and a mask of the bytes' top bits, 16 or 32 bytes a step).
    @inline(__always)
    private static func gatherMarks(of row: UnsafePointer<UInt8>, count: Int, into bits: UnsafeMutablePointer<UInt64>) -> Bool {
        lensd_gather_marks(row, Int32(count), bits) != 0
    }

    /// The closing of `bits` by a segment of `reach + 1` pixels: spread to the right by `reach`,
    /// then kept where the next `reach` pixels are all covered too. Each is done by doubling: a
    /// set spread over `length` pixels, OR-ed with itself `step` pixels further, covers
    /// `length + step` (three passes over the row's words for a gap of 6, not five).
    @inline(__always)
    private static func close(_ bits: UnsafeMutablePointer<UInt64>, words: Int, reach: Int, into closed: UnsafeMutablePointer<UInt64>) {
        closed.update(from: bits, count: words)
        var length = 1
        while length <= reach {
            let step = UInt64(min(length, reach + 1 - length))
            // From the last word down, so that the word before is still the previous pass's.
            var index = words - 1
            while index >= 0 {
                let before = index > 0 ? closed[index - 1] : 0
                closed[index] |= closed[index] &<< step | before &>> (64 - step)
                index -= 1
            }
            length += Int(step)
        }
        length = 1
        while length <= reach {
            let step = UInt64(min(length, reach + 1 - length))
            // From the first word up, so that the word after is still the previous pass's.
            for index in 0..<words {
                let after = index + 1 < words ? closed[index + 1] : 0
                closed[index] &= closed[index] &>> step | after &<< (64 - step)
            }
            length += Int(step)
        }
    }

    /// Calls `body(first, last)` for every interval of set bits, left to right.
    @inline(__always)
    private static func forEachInterval(in bits: UnsafeMutablePointer<UInt64>, words: Int, _ body: (Int, Int) -> Void) {
        var open = -1
        for index in 0..<words {
            var word = bits[index]
            let base = index * 64
            if open >= 0 {
                // The interval from the word before goes on up to this word's first clear bit.
                let clear = (~word).trailingZeroBitCount
                guard clear < 64 else { continue }
                body(open, base + clear - 1)
                open = -1
                word &= ~((1 &<< UInt64(clear)) &- 1)
            }
            while word != 0 {
                let start = word.trailingZeroBitCount
                let length = (~(word &>> UInt64(start))).trailingZeroBitCount
                if start + length >= 64 {
                    open = base + start
                    break
                }
                body(base + start, base + start + length - 1)
                word &= ~(((1 &<< UInt64(length)) &- 1) &<< UInt64(start))
            }
        }
        if open >= 0 { body(open, words * 64 - 1) }
    }

    /// The number of set bits from bit `first` to bit `last`.
    @inline(__always)
    private static func population(of bits: UnsafeMutablePointer<UInt64>, from first: Int, through last: Int) -> Int {
        let firstWord = first >> 6, lastWord = last >> 6
        let low = ~UInt64(0) &<< UInt64(first & 63)
        let high = ~UInt64(0) &>> UInt64(63 - (last & 63))
        if firstWord == lastWord { return (bits[firstWord] & low & high).nonzeroBitCount }
        var total = (bits[firstWord] & low).nonzeroBitCount + (bits[lastWord] & high).nonzeroBitCount
        for index in stride(from: firstWord + 1, to: lastWord, by: 1) { total += bits[index].nonzeroBitCount }
        return total
    }
}

import Testing

@testable import OCR

@Suite("StrokeRuns")
struct StrokeRunsTests {
    /// The runs as a mark-by-mark scan finds them: consecutive stroke marks at most `gap` apart.
    static func expectedRuns(_ row: [UInt8], gap: Int) -> [[Int]] {
        var runs: [[Int]] = []
        var start = -1, last = -1, count = 0
        for x in row.indices where row[x] & 1 == 1 {
            if start >= 0, x - last <= gap {
                last = x
                count += 1
            } else {
                if start >= 0, count >= 2 { runs.append([start, last, count]) }
                (start, last, count) = (x, x, 1)
            }
        }
        if start >= 0, count >= 2 { runs.append([start, last, count]) }
        return runs
    }

    static func runs(_ row: [UInt8], gap: Int, using finder: inout StrokeRuns) -> [[Int]] {
        var found: [[Int]] = []
        row.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            finder.forEachRun(in: base, count: buffer.count, gap: gap) { found.append([$0, $1, $2]) }
        }
        return found
    }

    @Test("finds the runs a mark-by-mark scan finds, on rows of every length, density and gap")
    func findsTheRunsOfAMarkByMarkScan() {
        var generator = SystemRandomNumberGenerator()
        var finder = StrokeRuns()
        // 1 and 3 are stroke marks, 2 an ignored mark, 128 and 255 other bytes.
        let values: [UInt8] = [1, 2, 3, 128, 255]
        for count in [0, 1, 2, 7, 8, 9, 63, 64, 65, 127, 128, 129, 640, 1283] {
            for density in [0.02, 0.1, 0.3, 0.7, 1.0] {
                for gap in [1, 2, 6, 13, 63] {
                    let row = (0..<count).map { _ -> UInt8 in
                        Double.random(in: 0..<1, using: &generator) < density ? values[Int.random(in: 0..<values.count, using: &generator)] : 0
                    }
                    #expect(Self.runs(row, gap: gap, using: &finder) == Self.expectedRuns(row, gap: gap),
                            "\(count) bytes at \(density), gap \(gap): \(row)")
                }
            }
        }
    }

    @Test("joins marks exactly the gap apart across word boundaries, and not one pixel further")
    func joinsAcrossWordsUpToTheGap() {
        var finder = StrokeRuns()
        for first in [0, 57, 58, 59, 60, 62, 63, 64, 120, 127] {
            for distance in 1...8 {
                var row = [UInt8](repeating: 0, count: 200)
                row[first] = 1
                row[first + distance] = 3
                let expected = distance <= 6 ? [[first, first + distance, 2]] : []
                #expect(Self.runs(row, gap: 6, using: &finder) == expected, "marks at \(first) and \(first + distance)")
            }
        }
        // A run of marks over three words, up to the row's last pixel.
        let full = [UInt8](repeating: 1, count: 150)
        #expect(Self.runs(full, gap: 6, using: &finder) == [[0, 149, 150]])
    }
}

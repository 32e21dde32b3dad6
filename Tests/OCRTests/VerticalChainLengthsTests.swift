import Testing
@testable import OCR

@Suite("VerticalChainLengths")
struct VerticalChainLengthsTests {
    /// The chains measured mark by mark (down: from the row above; up: from the row below), as the
    /// detector did before it measured whole rows.
    private func chainsByMark(_ marks: [UInt8], width: Int, height: Int) -> (down: [UInt8], up: [UInt8]) {
        func pass(_ rows: [Int], neighbour: Int) -> [UInt8] {
            var lengths = [UInt8](repeating: 0, count: marks.count), straight = lengths
            for y in rows {
                for x in 0..<width where marks[y * width + x] != 0 {
                    let from = y + neighbour
                    guard from >= 0, from < height else {
                        lengths[y * width + x] = 1
                        straight[y * width + x] = 1
                        continue
                    }
                    let row = from * width
                    var best = lengths[row + x]
                    var run: UInt8 = best == 0 ? 1 : (straight[row + x] == .max ? .max : straight[row + x] + 1)
                    for side in [x - 1, x + 1] where side >= 0 && side < width {
                        if lengths[row + side] > best, straight[row + side] >= VerticalChainLengths.straightRows {
                            best = lengths[row + side]
                            run = 1
                        }
                    }
                    lengths[y * width + x] = best == .max ? best : best + 1
                    straight[y * width + x] = run
                }
            }
            return lengths
        }
        return (pass(Array(0..<height), neighbour: -1), pass(Array((0..<height).reversed()), neighbour: 1))
    }

    private func measured(_ marks: [UInt8], width: Int, height: Int, using chains: inout VerticalChainLengths) -> (down: [UInt8], up: [UInt8]) {
        marks.withUnsafeBufferPointer { marks in
            guard let base = marks.baseAddress else { return }
            chains.measure(marks: base, width: width, height: height)
        }
        return (Array(chains.down.prefix(width * height)), Array(chains.up.prefix(width * height)))
    }

    @Test("measures the same chains as a walk from mark to mark, on images of any width")
    func measuresTheChainsOfAWalk() {
        var generator = SystemRandomNumberGenerator()
        var chains = VerticalChainLengths()
        // Larger images first: the buffers keep their size, and a smaller level must not read old rows.
        for (width, height) in [(100, 60), (33, 20), (17, 9), (16, 16), (15, 30), (1, 12), (64, 1)] {
            // Sparse marks leave whole sixteen-byte stretches without one, which the rows skip.
            for density in [0.01, 0.05, 0.4, 0.8] {
                // Vertical strokes and tilted borders, not only scattered marks.
                var marks = (0..<(width * height)).map { _ -> UInt8 in
                    Double.random(in: 0..<1, using: &generator) < density ? [1, 2, 3][Int.random(in: 0..<3, using: &generator)] : 0
                }
                let column = Int.random(in: 0..<width, using: &generator)
                for y in 0..<height { marks[y * width + min(width - 1, column + y / 5)] = 1 }
                let expected = chainsByMark(marks, width: width, height: height)
                let actual = measured(marks, width: width, height: height, using: &chains)
                #expect(actual.down == expected.down, "\(width)x\(height) at \(density)")
                #expect(actual.up == expected.up, "\(width)x\(height) at \(density)")
            }
        }
    }

    @Test("drops, while measuring, exactly the marks whose chains down and up add up to more than the cap")
    func dropsLongChainsWhileMeasuring() {
        var generator = SystemRandomNumberGenerator()
        var chains = VerticalChainLengths()
        for (width, height) in [(100, 60), (33, 20), (1, 12), (64, 1)] {
            for cap: UInt8 in [2, 9, 40] {
                var marks = (0..<(width * height)).map { _ -> UInt8 in
                    Double.random(in: 0..<1, using: &generator) < 0.4 ? [1, 3][Int.random(in: 0..<2, using: &generator)] : 0
                }
                let column = Int.random(in: 0..<width, using: &generator)
                for y in 0..<height { marks[y * width + min(width - 1, column + y / 5)] = 1 }
                let expected = chainsByMark(marks, width: width, height: height)
                let kept = marks.indices.map { index in
                    marks[index] != 0 && Int(expected.down[index]) + Int(expected.up[index]) > Int(cap) ? 2 : marks[index]
                }
                marks.withUnsafeMutableBufferPointer { marks in
                    guard let base = marks.baseAddress else { return }
                    chains.measure(marks: base, width: width, height: height, droppingAbove: cap)
                }
                #expect(marks == kept, "\(width)x\(height), cap \(cap)")
                #expect(Array(chains.down.prefix(width * height)) == expected.down)
                #expect(Array(chains.up.prefix(width * height)) == expected.up)
            }
        }
    }

    @Test("follows a border that steps one column every four rows, not a diagonal stroke")
    func followsATiltedBorderOnly() {
        let width = 20, height = 24
        var marks = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { marks[y * width + 2 + y / 4] = 1 }
        for y in 0..<8 { marks[y * width + 12 + y] = 3 }
        var chains = VerticalChainLengths()
        let (down, up) = measured(marks, width: width, height: height, using: &chains)
        #expect(down[(height - 1) * width + 2 + (height - 1) / 4] == UInt8(height))
        #expect(up[2] == UInt8(height))
        #expect(down[7 * width + 19] == 1)
    }

    @Test("saturates at 255 rows")
    func saturates() {
        let width = 3, height = 300
        let marks = [UInt8](repeating: 1, count: width * height)
        var chains = VerticalChainLengths()
        let (down, up) = measured(marks, width: width, height: height, using: &chains)
        #expect(down[(height - 1) * width + 1] == 255)
        #expect(up[1] == 255)
        #expect(down[254 * width] == 255 && down[253 * width] == 254)
    }
}

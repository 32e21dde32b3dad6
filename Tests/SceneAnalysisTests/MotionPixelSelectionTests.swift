import Testing
@testable import SceneAnalysis

@Suite("Motion estimation's pixel work")
struct MotionPixelSelectionTests {
    private static func gradients(_ magnitudes: [Float]) -> [MotionEstimator.Gradient] {
        magnitudes.enumerated().map { index, magnitude in
            MotionEstimator.Gradient(column: index % 100, row: index / 100, differenceX: magnitude, differenceY: -magnitude / 2)
        }
    }

    @Test func keepsTheSteepestQuarterOfAFramesPixels() {
        // 10,000 pixels with magnitudes 0, 1, …, 9,999 (|∂x| + |∂y| = 1.5 × that).
        let all = Self.gradients((0..<10_000).map(Float.init))
        let kept = MotionEstimator.informative(all)
        #expect(kept.count >= 2_500 && kept.count <= 2_515, "\(kept.count)")
        let least = kept.map { abs($0.differenceX) }.min() ?? 0
        #expect(least >= 7_480, "\(least)")
        #expect(kept.allSatisfy { abs($0.differenceX) >= least })
        #expect(all.filter { abs($0.differenceX) >= least }.count == kept.count)
    }

    @Test func usesEveryPixelOfASmallImageOrAFlatOne() {
        let small = Self.gradients((0..<4_000).map(Float.init))
        #expect(MotionEstimator.informative(small).count == 4_000)
        let flat = Self.gradients([Float](repeating: 0, count: 20_000))
        #expect(MotionEstimator.informative(flat).count == 20_000)
    }

    /// Widths whose blocks fill whole groups of eight or leave a few over (a 4× downscale sums eight
    /// blocks at a time).
    @Test(arguments: [1, 3, 4, 5], [37, 64, 131, 1283])
    func downscalingAveragesEachBlockExactly(factor: Int, width: Int) throws {
        let height = 23, stride = width + 4
        var plane = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<stride { plane[y * stride + x] = UInt8(truncatingIfNeeded: (x * 37 + y * 101) ^ (x * y)) }
        }
        let image = try #require(plane.withUnsafeBufferPointer {
            LumaImage(luma: $0, width: width, height: height, stride: stride, factor: factor)
        })
        #expect(image.width == width / factor && image.height == height / factor)
        for sy in 0..<image.height {
            for sx in 0..<image.width {
                var sum = 0
                for y in (sy * factor)..<((sy + 1) * factor) {
                    for x in (sx * factor)..<((sx + 1) * factor) { sum += Int(plane[y * stride + x]) }
                }
                let mean = Float(sum) / Float(factor * factor)
                #expect(abs(image.pixels[sy * image.width + sx] - mean) <= mean * 1e-6, "block \(sx), \(sy)")
            }
        }
    }

    @Test(arguments: [(1, 6), (4, 6), (4, 2), (5, 30)])
    func removesEachPixelsWindowMeanAsSummingTheWindowAloneDoes(factor: Int, radius: Int) throws {
        // Larger than a frame's cell grid needs, smaller than the window in one case (radius 30).
        let width = 29 * factor, height = 19 * factor
        var plane = [UInt8](repeating: 0, count: width * height)
        for index in plane.indices { plane[index] = UInt8(truncatingIfNeeded: (index &* 2_654_435_761) >> 13) }
        let image = try #require(plane.withUnsafeBufferPointer {
            LumaImage(luma: $0, width: width, height: height, stride: width, factor: factor)
        })
        let passed = image.highPassed(radius: radius)
        for y in 0..<image.height {
            for x in 0..<image.width {
                var sum = 0.0, count = 0
                for wy in max(0, y - radius)..<min(image.height, y + radius + 1) {
                    for wx in max(0, x - radius)..<min(image.width, x + radius + 1) {
                        sum += Double(image.pixels[wy * image.width + wx])
                        count += 1
                    }
                }
                let expected = image.pixels[y * image.width + x] - Float(sum / Double(count))
                #expect(passed.pixels[y * image.width + x] == expected, "pixel \(x), \(y)")
            }
        }
    }
}

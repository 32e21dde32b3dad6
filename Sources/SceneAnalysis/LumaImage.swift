import CKernels
/// A small single-channel image of `Float` samples, row-major without padding.
struct LumaImage: Sendable, Hashable {
    let width: Int
    let height: Int
    var pixels: [Float]

    init(width: Int, height: Int, pixels: [Float]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Averages `factor`×`factor` blocks of an 8-bit luma plane; trailing pixels that do not fill a block are dropped.
    /// `nil` when the plane is smaller than the buffer says or too small to downscale.
    init?(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, factor: Int) {
        guard factor >= 1, width >= factor, height >= factor, stride >= width else { return nil }
        let (needed, overflow) = stride.multipliedReportingOverflow(by: height - 1)
        guard !overflow, needed <= luma.count - width else { return nil }
        guard let base = luma.baseAddress else { return nil }
        let smallWidth = width / factor
        let smallHeight = height / factor
        var pixels = [Float](repeating: 0, count: smallWidth * smallHeight)
        let scale = 1 / Float(factor * factor)
        // Integer block sums, a row of blocks at a time (at most 255 · factor² each, far below
        // UInt32's range for any factor a frame allows), then one conversion per block.
        var sums = [UInt32](repeating: 0, count: smallWidth)
        sums.withUnsafeMutableBufferPointer { sums in
            pixels.withUnsafeMutableBufferPointer { out in
                for sy in 0..<smallHeight {
                    for sx in 0..<smallWidth { sums[sx] = 0 }
                    if factor == 4 {
                        Self.sumEightBlocksAtATime(base + sy * 4 * stride, stride: stride, blocks: smallWidth / 8 * 8, into: sums)
                    }
                    for row in 0..<factor {
                        let source = base + (sy * factor + row) * stride
                        if factor == 4 {
                            for sx in (smallWidth / 8 * 8)..<smallWidth {
                                let block = source + 4 &* sx
                                sums[sx] &+= UInt32(block[0]) &+ UInt32(block[1]) &+ UInt32(block[2]) &+ UInt32(block[3])
                            }
                        } else {
                            for sx in 0..<smallWidth {
                                let block = source + factor &* sx
                                var sum: UInt32 = 0
                                for column in 0..<factor { sum &+= UInt32(block[column]) }
                                sums[sx] &+= sum
                            }
                        }
                    }
                    let rowStart = sy * smallWidth
                    for sx in 0..<smallWidth { out[rowStart + sx] = Float(sums[sx]) * scale }
                }
            }
        }
        self.init(width: smallWidth, height: smallHeight, pixels: pixels)
    }

    /// Sets `sums` to the sums of the first `blocks` 4×4 blocks (a multiple of 8) of the four rows
    /// from `rows` on, eight blocks (32 pixels of each row) at a time: each row's bytes are read as
    /// sixteen 16-bit lanes, a pixel pair in each, whose two bytes are added (the four rows' pairs
    /// stay below 2,041), then neighbouring lanes as 32-bit ones. The same integers as a block at
    /// a time, without a widening conversion (which Swift does not inline).
    @inline(__always)
    private static func sumEightBlocksAtATime(
        _ rows: UnsafePointer<UInt8>, stride: Int, blocks: Int, into sums: UnsafeMutableBufferPointer<UInt32>
    ) {
        guard let destination = sums.baseAddress else { return }
        let low = SIMD16<UInt16>(repeating: 0x00FF), lowHalves = SIMD8<UInt32>(repeating: 0xFFFF)
        for group in Swift.stride(from: 0, to: blocks, by: 8) {
            var pairs = SIMD16<UInt16>()
            for row in 0..<4 {
                let pixels = UnsafeRawPointer(rows + row * stride).loadUnaligned(fromByteOffset: group * 4, as: SIMD16<UInt16>.self)
                pairs &+= (pixels & low) &+ (pixels &>> 8)
            }
            let quads = unsafeBitCast(pairs, to: SIMD8<UInt32>.self)
            UnsafeMutableRawPointer(destination + group).storeBytes(of: (quads & lowHalves) &+ (quads &>> 16), as: SIMD8<UInt32>.self)
        }
    }

    /// This image minus its local mean over a `(2·radius+1)²` window (clamped at the edges).
    ///
    /// Removes what varies slowly across the frame and stays put while the camera moves — a
    /// vignette, a lighting gradient, a change of exposure — which would otherwise pull a motion
    /// estimate towards zero.
    ///
    /// The window sums slide along the rows, then down the columns, in `Double`: a frame's sums of
    /// `Float` samples are exact there, so the result is the same as summing each window on its
    /// own, in a fraction of the time.
    func highPassed(radius: Int) -> LumaImage {
        guard radius > 0, width > 0, height > 0 else { return self }
        let width = self.width, height = self.height
        // Each pixel's sum over its row's window, and the window's width.
        var rowSums = [Double](repeating: 0, count: width * height)
        var windowWidths = [Double](repeating: 0, count: width)
        for x in 0..<width { windowWidths[x] = Double(min(width, x + radius + 1) - max(0, x - radius)) }
        var out = [Float](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { p in
            rowSums.withUnsafeMutableBufferPointer { rows in
                // Four rows side by side, one in each lane: each lane adds and subtracts the
                // same values in the same order as one row alone, but the four sums no longer
                // wait for each other.
                var y = 0
                while y + 4 <= height {
                    let row = SIMD4<Int>(y * width, (y + 1) * width, (y + 2) * width, (y + 3) * width)
                    @inline(__always)
                    func column(_ x: Int) -> SIMD4<Double> {
                        SIMD4(Double(p[row[0] + x]), Double(p[row[1] + x]), Double(p[row[2] + x]), Double(p[row[3] + x]))
                    }
                    var sum = SIMD4<Double>()
                    for x in 0..<min(width, radius) { sum += column(x) }
                    for x in 0..<width {
                        if x + radius < width { sum += column(x + radius) }
                        if x - radius - 1 >= 0 { sum -= column(x - radius - 1) }
                        for lane in 0..<4 { rows[row[lane] + x] = sum[lane] }
                    }
                    y += 4
                }
                while y < height {
                    let row = y * width
                    var sum = 0.0
                    for x in 0..<min(width, radius) { sum += Double(p[row + x]) }
                    for x in 0..<width {
                        if x + radius < width { sum += Double(p[row + x + radius]) }
                        if x - radius - 1 >= 0 { sum -= Double(p[row + x - radius - 1]) }
                        rows[row + x] = sum
                    }
                    y += 1
                }
            }
            rowSums.withUnsafeBufferPointer { rows in
                windowWidths.withUnsafeBufferPointer { widths in
                    out.withUnsafeMutableBufferPointer { out in
                        // The sums over the column window of the row sums, for every x at once.
                        var columns = [Double](repeating: 0, count: width)
                        columns.withUnsafeMutableBufferPointer { columns in
                            for y in 0..<min(height, radius) {
                                for x in 0..<width { columns[x] += rows[y * width + x] }
                            }
                            for y in 0..<height {
                                if y + radius < height {
                                    let incoming = (y + radius) * width
                                    for x in 0..<width { columns[x] += rows[incoming + x] }
                                }
                                if y - radius - 1 >= 0 {
                                    let outgoing = (y - radius - 1) * width
                                    for x in 0..<width { columns[x] -= rows[outgoing + x] }
                                }
                                let windowHeight = Double(min(height, y + radius + 1) - max(0, y - radius))
                                let row = y * width
                                for x in 0..<width {
                                    let mean = columns[x] / (windowHeight * widths[x])
                                    out[row + x] = p[row + x] - Float(mean)
                                }
                            }
                        }
                    }
                }
            }
        }
        return LumaImage(width: width, height: height, pixels: out)
    }

    /// This image at half the size (2×2 averages).
    func halved() -> LumaImage {
        let w = width / 2, h = height / 2
        var out = [Float](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    let i = 2 * y * width + 2 * x
                    out[y * w + x] = (p[i] + p[i + 1] + p[i + width] + p[i + width + 1]) / 4
                }
            }
        }
        return LumaImage(width: w, height: h, pixels: out)
    }

    /// Mean absolute difference between `self` at `p + (dx, dy)` and `previous` at `p`, over the
    /// pixels at least `margin` from every edge, for each offset in `dxs` at one `dy`, in the order
    /// of `dxs`: the inner loop of the motion search, run a few hundred times a frame.
    func meanAbsoluteDifferences(to previous: LumaImage, dxs: ClosedRange<Int>, dy: Int, margin: Int) -> [Float] {
        var results: [Float] = []
        results.reserveCapacity(dxs.count)
        var first = dxs.lowerBound
        while first <= dxs.upperBound {
            let last = dxs.upperBound
            let four = denseMeanAbsoluteDifferences(
                to: previous, dx: (first, min(first + 1, last), min(first + 2, last), min(first + 3, last)), dy: dy, margin: margin)
            for index in 0..<min(4, last - first + 1) { results.append(four[index]) }
            first += 4
        }
        return results
    }

    /// The mean absolute differences at four offsets `dx` (repeated ones are computed again), eight
    /// lanes at a time (`lensd_absolute_difference_sums`). Each offset keeps its own lane sums and
    /// tail, added in the same order as for one offset alone, so each result is the same; the four
    /// share the loads of `previous`, and their four chains of additions run side by side instead
    /// of one waiting on the last.
    private func denseMeanAbsoluteDifferences(
        to previous: LumaImage, dx: (Int, Int, Int, Int), dy: Int, margin: Int
    ) -> SIMD4<Float> {
        let rowLength = width - 2 * margin
        guard rowLength > 0, height - 2 * margin > 0, previous.width == width, previous.height == height else {
            return SIMD4(repeating: .infinity)
        }
        var lanes = (SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>())
        var tails = SIMD4<Float>()
        var offsets = SIMD4<Int32>(Int32(dx.0), Int32(dx.1), Int32(dx.2), Int32(dx.3))
        pixels.withUnsafeBufferPointer { current in
            previous.pixels.withUnsafeBufferPointer { before in
                guard let currentBase = current.baseAddress, let beforeBase = before.baseAddress else { return }
                withUnsafeMutableBytes(of: &lanes) { lanes in
                    withUnsafeMutableBytes(of: &tails) { tails in
                        withUnsafeBytes(of: &offsets) { offsets in
                            lensd_absolute_difference_sums(
                                currentBase, beforeBase, Int32(width), Int32(height), Int32(margin), Int32(dy),
                                offsets.assumingMemoryBound(to: Int32.self).baseAddress,
                                lanes.assumingMemoryBound(to: Float.self).baseAddress,
                                tails.assumingMemoryBound(to: Float.self).baseAddress)
                        }
                    }
                }
            }
        }
        let count = Float(rowLength * (height - 2 * margin))
        return SIMD4(
            (lanes.0.sum() + tails[0]) / count, (lanes.1.sum() + tails[1]) / count,
            (lanes.2.sum() + tails[2]) / count, (lanes.3.sum() + tails[3]) / count)
    }

    /// The sample at a real position, bilinearly interpolated; positions are clamped to the image.
    func sample(x: Double, y: Double) -> Double {
        pixels.withUnsafeBufferPointer { Self.sample($0, width: width, height: height, x: x, y: y) }
    }

    /// ``sample(x:y:)`` over pixels already borrowed (`width × height`, row-major), for loops
    /// that sample every pixel of a frame: no array access per call.
    @inline(__always)
    static func sample(_ pixels: UnsafeBufferPointer<Float>, width: Int, height: Int, x: Double, y: Double) -> Double {
        guard width >= 2, height >= 2 else { return pixels.first.map(Double.init) ?? 0 }
        let cx = min(max(x, 0), Double(width - 1))
        let cy = min(max(y, 0), Double(height - 1))
        let x0 = min(Int(cx), width - 2), y0 = min(Int(cy), height - 2)
        let fx = cx - Double(x0), fy = cy - Double(y0)
        let i = y0 * width + x0
        // In bounds by the clamping above.
        let top = Double(pixels[i]) * (1 - fx) + Double(pixels[i + 1]) * fx
        let bottom = Double(pixels[i + width]) * (1 - fx) + Double(pixels[i + width + 1]) * fx
        return top * (1 - fy) + bottom * fy
    }
}

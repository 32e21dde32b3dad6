/// Estimates how the image moved between consecutive luma frames (a shift, and with it the small
/// zoom and turn of a hand-held camera), so overlays stay pinned to the prices while the camera
/// moves, even on frames whose OCR is skipped.
///
/// Each frame is downscaled (4× by default, by block averaging) and its slowly varying lighting
/// (vignette, gradients, exposure) removed by subtracting a local mean. The shift is found coarse to
/// fine: an exhaustive block-matching search (mean absolute difference) on a further 2× halved
/// image, an integer refinement at the downscaled size, then a few Lucas–Kanade steps for the
/// sub-pixel part, the last ones leaving out pixels that disagree strongly (glare, things moving
/// on their own). Last, the same Gauss–Newton steps fit a zoom and a turn about the frame's centre
/// together with the shift (``ImageMotion``), kept when they stay within
/// ``Configuration/maximumZoomAndTurn``. The Lucas–Kanade and zoom-and-turn steps go over the
/// quarter of the pixels with the steepest gradients (text and edges), which carry nearly all of
/// the fit's weight. With the scene-change test around it (``SceneChangeDetector``), this takes
/// about 1.4–2.2 ms a frame at 640×480 and 3.6–4.8 ms at 1280×720 on one core in release builds.
///
/// The result is how the image content moved since the previous frame, in the frame's pixels;
/// pass it unchanged as `imageMotion` to `PriceTracker`. It is `nil` for the first frame, after
/// the frame size changes, when the image has too little texture, when the best match is
/// ambiguous (a repeated pattern) and not near the last frame's shift, and when the motion is
/// beyond the search range. A match near the last frame's shift is preferred to a slightly better
/// one elsewhere: a camera moves smoothly, and a receipt's lines repeat.
public struct MotionEstimator: Sendable {
    /// Tuning of the estimator.
    public struct Configuration: Sendable, Hashable {
        /// Downscale factor applied before matching.
        public var downscale: Int
        /// Largest shift searched, in downscaled pixels (so `downscale × searchRadius` frame pixels).
        /// Small frames search less: at most an eighth of the downscaled frame's smaller side.
        public var searchRadius: Int
        /// Least mean squared gradient (in luma levels² per downscaled pixel) for a frame to count as textured.
        public var minimumTexture: Double
        /// Largest ratio of the best match's difference to the average difference over the search
        /// for the match to count as distinct.
        public var maximumMatchRatio: Double
        /// Whether to fit a zoom and a turn as well as the shift.
        public var estimatesZoomAndTurn: Bool
        /// Largest zoom (as a fraction of 1) and turn (radians) between two frames that is believed;
        /// a larger fit falls back to the shift alone.
        public var maximumZoomAndTurn: Double

        /// The defaults suit 640×480 frames from a hand-held camera (up to about 56 frame pixels of motion per frame).
        public init(
            downscale: Int = 4, searchRadius: Int = 16, minimumTexture: Double = 4, maximumMatchRatio: Double = 0.8,
            estimatesZoomAndTurn: Bool = true, maximumZoomAndTurn: Double = 0.05
        ) {
            self.downscale = downscale
            self.searchRadius = searchRadius
            self.minimumTexture = minimumTexture
            self.maximumMatchRatio = maximumMatchRatio
            self.estimatesZoomAndTurn = estimatesZoomAndTurn
            self.maximumZoomAndTurn = maximumZoomAndTurn
        }
    }

    /// The tuning in use.
    public let configuration: Configuration
    private var previous: LumaImage?
    /// `previous` halved, for the coarse search: the frame after it halves only its own.
    private var previousCoarse: LumaImage?
    /// The last estimate's shift in the coarse search's pixels (downscaled, then halved): a
    /// camera moves smoothly, so the next frame's shift is likely near it.
    private var predicted: (dx: Int, dy: Int)?

    /// Half-size of the window whose mean is removed before matching (downscaled pixels), so
    /// that vignetting, lighting gradients and exposure changes do not count as texture.
    private static let illuminationRadius = 6
    /// Pixels whose difference exceeds this many times the mean difference, once the shift has
    /// converged, are left out of the final refinement.
    private static let outlierFactor = 8.0
    /// Lucas–Kanade steps after block matching, per pass.
    private static let refinementSteps = 4
    /// Coarse shifts further than this from the best one are rivals (repeated patterns, such as a row of equal labels).
    private static let distinctDistance = 2
    /// The best coarse match must beat every rival by this factor, or the shift is ambiguous.
    private static let ambiguityRatio: Float = 0.9
    /// A coarse match away from the last frame's shift must beat the best one near that shift by
    /// this factor to be taken over it.
    private static let continuityRatio: Float = 0.8
    /// The sub-pixel refinement may move the block-matching result at most this far (downscaled pixels).
    private static let maximumRefinement = 1.5

    /// An estimator with no previous frame: the first `estimate` is `nil`.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// Forgets the previous frame (after a seek or a camera switch); the next estimate is `nil`.
    public mutating func reset() {
        previous = nil
        previousCoarse = nil
        predicted = nil
    }

    /// How this frame's content moved since the previous frame, in frame pixels, or `nil`.
    ///
    /// `luma` is an 8-bit plane of `height` rows of `stride` bytes, the first `width` of which are
    /// pixels (the Y plane of YUV frames). A buffer too small for those dimensions gives `nil`
    /// and is not remembered.
    public mutating func estimate(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int
    ) -> ImageMotion? {
        let factor = max(1, configuration.downscale)
        guard let downscaled = LumaImage(luma: luma, width: width, height: height, stride: stride, factor: factor) else {
            return nil
        }
        return estimate(downscaled: downscaled)
    }

    /// The same as `estimate(luma:width:height:stride:)` for a frame already downscaled by
    /// `configuration.downscale` (block averages, as `LumaImage(luma:width:height:stride:factor:)`).
    mutating func estimate(downscaled: LumaImage) -> ImageMotion? {
        let factor = max(1, configuration.downscale)
        let current = downscaled.highPassed(radius: Self.illuminationRadius)
        let currentCoarse = current.halved()
        let (previous, previousCoarse) = (self.previous, self.previousCoarse)
        defer { (self.previous, self.previousCoarse) = (current, currentCoarse) }
        let predicted = self.predicted
        self.predicted = nil
        guard let previous, let previousCoarse, previous.width == current.width, previous.height == current.height else { return nil }
        guard let motion = Self.motion(
            from: previous, to: current, configuration: configuration, predicted: predicted, coarse: (previousCoarse, currentCoarse))
        else { return nil }
        let centre = motion.displacement(atX: Double(current.width) / 2, y: Double(current.height) / 2)
        self.predicted = (Int((centre.dx / 2).rounded()), Int((centre.dy / 2).rounded()))
        return motion.inCoordinates(scaledBy: Double(factor))
    }

    /// The same as `estimate(luma:width:height:stride:)` for a plane held in an array.
    public mutating func estimate(luma: [UInt8], width: Int, height: Int, stride: Int) -> ImageMotion? {
        luma.withUnsafeBufferPointer { estimate(luma: $0, width: width, height: height, stride: stride) }
    }

    /// The motion in downscaled pixels, or `nil` (`coarse` as for ``shift(from:to:configuration:predicted:coarse:)``).
    static func motion(
        from previous: LumaImage, to current: LumaImage, configuration: Configuration, predicted: (dx: Int, dy: Int)? = nil,
        coarse: (previous: LumaImage, current: LumaImage)? = nil
    ) -> ImageMotion? {
        guard let found = shift(from: previous, to: current, configuration: configuration, predicted: predicted, coarse: coarse)
        else { return nil }
        let translation = ImageMotion(dx: found.shift.dx, dy: found.shift.dy)
        guard configuration.estimatesZoomAndTurn else { return translation }
        return zoomAndTurn(from: previous, to: current, start: found.shift, gradients: found.gradients, configuration: configuration)
            ?? translation
    }

    /// The shift in downscaled pixels, with the gradients it was refined on, or `nil`. `coarse` is
    /// both images halved, when the caller has them already (the same as halving them here).
    ///
    /// A best coarse match further than ``distinctDistance`` from the `predicted` shift (the last
    /// frame's) must beat the best match near it by ``continuityRatio``, or the near one is taken:
    /// on a receipt, whose lines repeat a line's height apart, the shift of one line more matched
    /// 11 % better on one frame of a slow drift (seed-14 receipt, frame 3) and moved every overlay
    /// a line up, onto the price above.
    static func shift(
        from previous: LumaImage, to current: LumaImage, configuration: Configuration, predicted: (dx: Int, dy: Int)? = nil,
        coarse: (previous: LumaImage, current: LumaImage)? = nil
    ) -> (shift: (dx: Double, dy: Double), gradients: [Gradient])? {
        let coarsePrevious = coarse?.previous ?? previous.halved()
        let coarseCurrent = coarse?.current ?? current.halved()
        let coarseRadius = min((max(1, configuration.searchRadius) + 1) / 2, min(coarseCurrent.width, coarseCurrent.height) / 4)
        guard coarseRadius >= 2 else { return nil }

        let side = 2 * coarseRadius + 1
        var differences = [Float](repeating: 0, count: side * side)
        var best = (dx: 0, dy: 0, difference: Float.infinity)
        for dy in -coarseRadius...coarseRadius {
            let row = coarseCurrent.meanAbsoluteDifferences(to: coarsePrevious, dxs: -coarseRadius...coarseRadius, dy: dy, margin: coarseRadius)
            for (index, difference) in row.enumerated() {
                let dx = index - coarseRadius
                differences[(dy + coarseRadius) * side + index] = difference
                if difference < best.difference { best = (dx, dy, difference) }
            }
        }
        let average = differences.reduce(0, +) / Float(differences.count)
        guard average > 0, Double(best.difference / average) <= configuration.maximumMatchRatio else { return nil }
        var continuous = false
        if let last = predicted, max(abs(best.dx - last.dx), abs(best.dy - last.dy)) > distinctDistance {
            let centre = (dx: min(max(last.dx, -coarseRadius), coarseRadius), dy: min(max(last.dy, -coarseRadius), coarseRadius))
            var near = (dx: 0, dy: 0, difference: Float.infinity)
            for dy in max(-coarseRadius, centre.dy - distinctDistance)...min(coarseRadius, centre.dy + distinctDistance) {
                for dx in max(-coarseRadius, centre.dx - distinctDistance)...min(coarseRadius, centre.dx + distinctDistance) {
                    let difference = differences[(dy + coarseRadius) * side + dx + coarseRadius]
                    if difference < near.difference { near = (dx, dy, difference) }
                }
            }
            if near.difference.isFinite, best.difference >= continuityRatio * near.difference {
                best = near
                continuous = true
            }
        }
        guard abs(best.dx) < coarseRadius, abs(best.dy) < coarseRadius else { return nil }
        if !continuous {
            var rival = Float.infinity
            for dy in -coarseRadius...coarseRadius {
                for dx in -coarseRadius...coarseRadius where max(abs(dx - best.dx), abs(dy - best.dy)) > distinctDistance {
                    rival = min(rival, differences[(dy + coarseRadius) * side + dx + coarseRadius])
                }
            }
            guard best.difference < ambiguityRatio * rival else { return nil }
        }

        let fineRadius = 2
        let margin = 2 * coarseRadius + fineRadius + 2
        var fine = (dx: 2 * best.dx, dy: 2 * best.dy, difference: Float.infinity)
        let centre = fine
        for dy in (centre.dy - fineRadius)...(centre.dy + fineRadius) {
            let dxs = (centre.dx - fineRadius)...(centre.dx + fineRadius)
            let row = current.meanAbsoluteDifferences(to: previous, dxs: dxs, dy: dy, margin: margin)
            for (dx, difference) in zip(dxs, row) where difference < fine.difference {
                fine = (dx, dy, difference)
            }
        }
        return refine(from: previous, to: current, start: (Double(fine.dx), Double(fine.dy)), margin: margin, configuration: configuration)
    }

    /// Lucas–Kanade refinement of an integer shift; `nil` when the image lacks texture.
    ///
    /// A first pass uses every pixel; a second pass, from the converged shift, leaves out pixels
    /// whose difference is far above the typical one (something moving on its own, a reflection),
    /// so they do not pull the camera's shift. Leaving them out before convergence would drop the
    /// strongest edges, whose differences are large only because the shift is not yet right.
    private static func refine(
        from previous: LumaImage, to current: LumaImage, start: (dx: Double, dy: Double), margin: Int,
        configuration: Configuration
    ) -> (shift: (dx: Double, dy: Double), gradients: [Gradient])? {
        let width = previous.width
        var gxx = 0.0, gxy = 0.0, gyy = 0.0
        let columns = max(0, width - 2 * margin), rows = max(0, previous.height - 2 * margin)
        guard margin >= 1, columns > 0, rows > 0, previous.pixels.count >= width * previous.height else { return nil }
        // Written in place, every element once: appending checked capacity and uniqueness per pixel.
        let everyPixel = [Gradient](unsafeUninitializedCapacity: columns * rows) { buffer, initialized in
            previous.pixels.withUnsafeBufferPointer { pixels in
                var index = 0
                for y in margin..<(previous.height - margin) {
                    for x in margin..<(width - margin) {
                        let i = y * width + x
                        let gradient = Gradient(
                            column: x, row: y, differenceX: pixels[i + 1] - pixels[i - 1],
                            differenceY: pixels[i + width] - pixels[i - width])
                        let gx = gradient.gx, gy = gradient.gy
                        gxx += gx * gx
                        gxy += gx * gy
                        gyy += gy * gy
                        buffer.initializeElement(at: index, to: gradient)
                        index += 1
                    }
                }
            }
            initialized = columns * rows
        }
        let trace = gxx + gyy
        let determinant = gxx * gyy - gxy * gxy
        let smallestEigenvalue = trace / 2 - max(0, trace * trace / 4 - determinant).squareRoot()
        guard smallestEigenvalue / Double(everyPixel.count) >= configuration.minimumTexture, determinant > 0 else {
            return nil
        }
        let gradients = informative(everyPixel)

        func converge(from start: (dx: Double, dy: Double), threshold: Double) -> (dx: Double, dy: Double) {
            var shift = start
            for _ in 0..<refinementSteps {
                guard
                    let step = lucasKanadeStep(
                        previous: previous, current: current, gradients: gradients, shift: shift, threshold: threshold)
                else { break }
                shift.dx += max(-1, min(1, step.dx))
                shift.dy += max(-1, min(1, step.dy))
                if abs(step.dx) < 0.01, abs(step.dy) < 0.01 { break }
            }
            return shift
        }
        let allPixels = converge(from: start, threshold: .infinity)
        let absoluteSum = absoluteDifference(from: previous, to: current, gradients: gradients, shift: allPixels)
        let shift = converge(from: allPixels, threshold: max(2, outlierFactor * absoluteSum / Double(gradients.count)))
        guard abs(shift.dx - start.dx) <= maximumRefinement, abs(shift.dy - start.dy) <= maximumRefinement else {
            return (start, gradients)
        }
        return (shift, gradients)
    }

    /// The pixels that carry the motion: the ``informativeShare`` of `gradients` with the steepest
    /// gradients (`|∂x| + |∂y|`), or all of them when that would leave fewer than
    /// ``leastInformativePixels``. A pixel's weight in a Gauss–Newton step is its gradient
    /// squared, so the flat background between the text adds little to the fit but as much to
    /// its cost as an edge does.
    static func informative(_ gradients: [Gradient]) -> [Gradient] {
        let kept = Int(Double(gradients.count) * informativeShare)
        guard kept >= leastInformativePixels else { return gradients }
        // Each pixel's steepness, computed once for the three passes below.
        var steepest: Float = 0
        let steepness = [Float](unsafeUninitializedCapacity: gradients.count) { buffer, initialized in
            gradients.withUnsafeBufferPointer { gradients in
                for (index, g) in gradients.enumerated() {
                    let value = abs(g.differenceX) + abs(g.differenceY)
                    steepest = max(steepest, value)
                    buffer.initializeElement(at: index, to: value)
                }
            }
            initialized = gradients.count
        }
        guard steepest > 0 else { return gradients }
        let bins = 1024
        let scale = Float(bins - 1) / steepest
        var histogram = [Int](repeating: 0, count: bins)
        histogram.withUnsafeMutableBufferPointer { histogram in
            steepness.withUnsafeBufferPointer { steepness in
                for value in steepness { histogram[Int(value * scale)] += 1 }
            }
        }
        // The lowest bin from which the steepest `kept` pixels lie at or above it.
        var bin = bins - 1, count = histogram[bin]
        while bin > 0, count < kept {
            bin -= 1
            count += histogram[bin]
        }
        let least = Float(bin) / scale
        var steep: [Gradient] = []
        steep.reserveCapacity(count)
        gradients.withUnsafeBufferPointer { gradients in
            steepness.withUnsafeBufferPointer { steepness in
                for index in 0..<gradients.count where steepness[index] >= least { steep.append(gradients[index]) }
            }
        }
        return steep
    }

    /// The share of a frame's pixels the Lucas–Kanade and zoom-and-turn steps go over (see `informative(_:)`).
    static let informativeShare = 0.25
    /// Fewer pixels than this are all used.
    static let leastInformativePixels = 2000

    /// One Gauss–Newton step of the shift over the pixels whose difference is within `threshold`.
    private static func lucasKanadeStep(
        previous: LumaImage, current: LumaImage, gradients: [Gradient],
        shift: (dx: Double, dy: Double), threshold: Double
    ) -> (dx: Double, dy: Double)? {
        var hxx = 0.0, hxy = 0.0, hyy = 0.0, bx = 0.0, by = 0.0
        current.pixels.withUnsafeBufferPointer { sampled in
            previous.pixels.withUnsafeBufferPointer { before in
                let width = current.width, height = current.height
                for g in gradients {
                    let error = LumaImage.sample(sampled, width: width, height: height, x: g.x + shift.dx, y: g.y + shift.dy)
                        - Double(before[g.index(width: previous.width)])
                    guard abs(error) <= threshold else { continue }
                    hxx += g.gx * g.gx
                    hxy += g.gx * g.gy
                    hyy += g.gy * g.gy
                    bx -= g.gx * error
                    by -= g.gy * error
                }
            }
        }
        let determinant = hxx * hyy - hxy * hxy
        guard determinant > 0 else { return nil }
        let step = (dx: (hyy * bx - hxy * by) / determinant, dy: (hxx * by - hxy * bx) / determinant)
        return step.dx.isFinite && step.dy.isFinite ? step : nil
    }

    /// The sum over `gradients` of the absolute difference between each previous pixel and the
    /// current image sampled `shift` away.
    private static func absoluteDifference(
        from previous: LumaImage, to current: LumaImage, gradients: [Gradient], shift: (dx: Double, dy: Double)
    ) -> Double {
        var sum = 0.0
        current.pixels.withUnsafeBufferPointer { sampled in
            previous.pixels.withUnsafeBufferPointer { before in
                for g in gradients {
                    sum += abs(LumaImage.sample(sampled, width: current.width, height: current.height, x: g.x + shift.dx, y: g.y + shift.dy)
                        - Double(before[g.index(width: previous.width)]))
                }
            }
        }
        return sum
    }

    /// A pixel of the previous frame with its luma gradient (downscaled pixels), stored in 16
    /// bytes: the refinement steps go over every pixel's several times a frame, and at 1280x720
    /// the frame's gradients then stay in the cache.
    struct Gradient {
        let column: Int32
        let row: Int32
        /// The central differences `p(x+1) − p(x−1)` and `p(y+1) − p(y−1)`: twice the gradient.
        let differenceX: Float
        let differenceY: Float

        init(column: Int, row: Int, differenceX: Float, differenceY: Float) {
            self.column = Int32(truncatingIfNeeded: column)
            self.row = Int32(truncatingIfNeeded: row)
            self.differenceX = differenceX
            self.differenceY = differenceY
        }

        var x: Double { Double(column) }
        var y: Double { Double(row) }
        var gx: Double { Double(differenceX) / 2 }
        var gy: Double { Double(differenceY) / 2 }

        /// The pixel's index in an image `width` pixels wide.
        @inline(__always)
        func index(width: Int) -> Int { Int(row) * width + Int(column) }
    }

    /// Gauss–Newton steps that fit a zoom and a turn about the image's centre together with the
    /// shift, from the refined shift, leaving out pixels that disagree strongly as the shift's last
    /// pass does. `nil` when the fit fails or goes beyond ``Configuration/maximumZoomAndTurn``.
    private static func zoomAndTurn(
        from previous: LumaImage, to current: LumaImage, start: (dx: Double, dy: Double), gradients: [Gradient],
        configuration: Configuration
    ) -> ImageMotion? {
        // Every other pixel, in a checkerboard, is plenty for four parameters and halves the cost.
        let gradients = gradients.filter { (Int($0.x) + Int($0.y)) & 1 == 0 }
        guard !gradients.isEmpty else { return nil }
        let cx = Double(previous.width - 1) / 2, cy = Double(previous.height - 1) / 2
        // Parameters: shift (tx, ty) of the centre, zoom α and turn β: a point at (X, Y) from the
        // centre goes to (X + tx + αX − βY, Y + ty + βX + αY).
        var p = (tx: start.dx, ty: start.dy, alpha: 0.0, beta: 0.0)
        let absoluteSum = absoluteDifference(from: previous, to: current, gradients: gradients, shift: start)
        let threshold = max(2, outlierFactor * absoluteSum / Double(gradients.count))
        let limit = configuration.maximumZoomAndTurn
        for _ in 0..<zoomAndTurnSteps {
            // The normal equations' upper triangle and right-hand side, summed per pixel.
            var h00 = 0.0, h01 = 0.0, h02 = 0.0, h03 = 0.0, h11 = 0.0, h12 = 0.0, h13 = 0.0, h22 = 0.0, h23 = 0.0, h33 = 0.0
            var r0 = 0.0, r1 = 0.0, r2 = 0.0, r3 = 0.0
            current.pixels.withUnsafeBufferPointer { sampled in
                previous.pixels.withUnsafeBufferPointer { before in
                    for g in gradients {
                        let X = g.x - cx, Y = g.y - cy
                        let x = g.x + p.tx + p.alpha * X - p.beta * Y, y = g.y + p.ty + p.beta * X + p.alpha * Y
                        let error = LumaImage.sample(sampled, width: current.width, height: current.height, x: x, y: y) - Double(before[g.index(width: previous.width)])
                        guard abs(error) <= threshold else { continue }
                        let j0 = g.gx, j1 = g.gy, j2 = g.gx * X + g.gy * Y, j3 = g.gy * X - g.gx * Y
                        h00 += j0 * j0; h01 += j0 * j1; h02 += j0 * j2; h03 += j0 * j3
                        h11 += j1 * j1; h12 += j1 * j2; h13 += j1 * j3
                        h22 += j2 * j2; h23 += j2 * j3
                        h33 += j3 * j3
                        r0 -= j0 * error; r1 -= j1 * error; r2 -= j2 * error; r3 -= j3 * error
                    }
                }
            }
            let h = [h00, h01, h02, h03, h01, h11, h12, h13, h02, h12, h22, h23, h03, h13, h23, h33]
            let r = [r0, r1, r2, r3]
            guard let step = solve4(h, r) else { return nil }
            p.tx += max(-1, min(1, step[0]))
            p.ty += max(-1, min(1, step[1]))
            p.alpha += max(-limit, min(limit, step[2]))
            p.beta += max(-limit, min(limit, step[3]))
            if abs(step[0]) < 0.01, abs(step[1]) < 0.01, abs(step[2]) < 1e-5, abs(step[3]) < 1e-5 { break }
        }
        guard abs(p.alpha) <= limit, abs(p.beta) <= limit,
              abs(p.tx - start.dx) <= 2 * maximumRefinement, abs(p.ty - start.dy) <= 2 * maximumRefinement
        else { return nil }
        let a = 1 + p.alpha, b = p.beta
        let motion = ImageMotion(a: a, b: b, tx: cx + p.tx - (a * cx - b * cy), ty: cy + p.ty - (b * cx + a * cy))
        return motion.isFinite ? motion : nil
    }

    /// Gauss–Newton steps of the zoom-and-turn fit.
    private static let zoomAndTurnSteps = 3

    /// Solves the 4×4 system `h · x = r` (row-major) by Gaussian elimination with partial
    /// pivoting; `nil` when it is singular or nearly so.
    private static func solve4(_ h: [Double], _ r: [Double]) -> [Double]? {
        var m = h, v = r
        for column in 0..<4 {
            var pivot = column
            for row in (column + 1)..<4 where abs(m[row * 4 + column]) > abs(m[pivot * 4 + column]) { pivot = row }
            guard abs(m[pivot * 4 + column]) > 1e-9 * max(1, abs(m[0]) + abs(m[5]) + abs(m[10]) + abs(m[15])) else { return nil }
            if pivot != column {
                for k in 0..<4 { m.swapAt(column * 4 + k, pivot * 4 + k) }
                v.swapAt(column, pivot)
            }
            for row in (column + 1)..<4 {
                let factor = m[row * 4 + column] / m[column * 4 + column]
                for k in column..<4 { m[row * 4 + k] -= factor * m[column * 4 + k] }
                v[row] -= factor * v[column]
            }
        }
        var x = [Double](repeating: 0, count: 4)
        for row in stride(from: 3, through: 0, by: -1) {
            var sum = v[row]
            for k in (row + 1)..<4 { sum -= m[row * 4 + k] * x[k] }
            x[row] = sum / m[row * 4 + row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}

import CKernels

/// Tells, frame by frame, how the camera moved and which parts of the picture changed in a way
/// that motion does not explain: content that came into view, a hand passing over a tag, a tag
/// swapped. A reader then only needs to read those parts again.
///
/// Each frame is downscaled by block averaging (the ``MotionEstimator``'s factor) and compared with
/// a *reference*, the last frame whose motion was measured. When no cell differs from the reference
/// by more than ``Configuration/stillThreshold`` (mean absolute difference in luma levels, after
/// removing a global exposure change), the frame is still: no motion is estimated and nothing
/// changed, which keeps a static scene nearly free. Otherwise the motion is estimated against the
/// reference, the reference is moved by it (bilinear) and every cell whose residual exceeds
/// ``Configuration/changeThreshold``, or that holds content from outside the reference, is marked
/// changed; the latter alone also count as ``SceneChange/cameIntoView``.
/// Comparing with the reference rather than the previous frame lets a slow drift add up until it
/// is measured, instead of being lost a little at a time.
public struct SceneChangeDetector: Sendable {
    /// Tuning of the detector.
    public struct Configuration: Sendable, Hashable {
        /// Side of a cell in frame pixels; rounded to a multiple of the motion downscale factor.
        public var cellSize: Int
        /// Largest per-cell mean absolute difference (luma levels) of a still frame.
        public var stillThreshold: Float
        /// Least per-cell mean absolute residual (luma levels) after motion compensation for a cell to count as changed.
        public var changeThreshold: Float
        public var motion: MotionEstimator.Configuration

        public init(cellSize: Int = 16, stillThreshold: Float = 3, changeThreshold: Float = 9, motion: MotionEstimator.Configuration = .init()) {
            self.cellSize = cellSize
            self.stillThreshold = stillThreshold
            self.changeThreshold = changeThreshold
            self.motion = motion
        }
    }

    public let configuration: Configuration
    private var estimator: MotionEstimator
    private var reference: LumaImage?
    private var frameSize = (width: 0, height: 0)

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        self.estimator = MotionEstimator(configuration: configuration.motion)
    }

    /// Forgets the reference (a seek or a camera switch): the next frame counts as all new.
    public mutating func reset() {
        reference = nil
        estimator.reset()
    }

    /// Side of a cell in frame pixels, as used in the masks returned.
    public var cellSize: Int {
        let factor = max(1, configuration.motion.downscale)
        return max(1, configuration.cellSize / factor) * factor
    }

    /// Compares one frame with the reference. The first frame, a frame of another size, and a frame
    /// whose motion cannot be told come back with every cell changed.
    public mutating func update(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) -> SceneChange {
        let factor = max(1, configuration.motion.downscale)
        let everything = SceneChange(
            motion: nil, isStill: false, changed: CellMask(cellSize: cellSize, frameWidth: width, frameHeight: height, value: true))
        guard let small = LumaImage(luma: luma, width: width, height: height, stride: stride, factor: factor) else {
            reset()
            return everything
        }
        guard let reference, frameSize == (width, height), reference.width == small.width, reference.height == small.height else {
            self.reference = small
            frameSize = (width, height)
            estimator.reset()
            _ = estimator.estimate(downscaled: small)
            return everything
        }
        let cell = cellSize / factor
        var changed = CellMask(cellSize: cellSize, frameWidth: width, frameHeight: height)
        let grid = (columns: changed.columns, rows: changed.rows)
        let offset = Self.meanDifference(small, reference)
        if Self.isStill(small, reference: reference, offset: offset, cell: cell, grid: grid, threshold: configuration.stillThreshold) {
            return SceneChange(motion: .identity, isStill: true, changed: changed)
        }
        let motion = estimator.estimate(downscaled: small)
        self.reference = small
        guard let motion, let back = motion.inCoordinates(scaledBy: 1 / Double(factor)).inverse else { return everything }
        let residuals = Self.residuals(small, reference: reference, back: back, offset: offset, cell: cell, grid: grid)
        var cameIntoView = changed
        for row in 0..<changed.rows {
            for column in 0..<changed.columns {
                let index = row * changed.columns + column
                guard index < residuals.means.count else {
                    changed[column, row] = true
                    continue
                }
                if residuals.means[index] > configuration.changeThreshold {
                    changed[column, row] = true
                } else if residuals.entered[index] {
                    changed[column, row] = true
                    cameIntoView[column, row] = true
                }
            }
        }
        return SceneChange(motion: motion, isStill: false, changed: changed, cameIntoView: cameIntoView)
    }

    /// The same as `update(luma:width:height:stride:)` for a plane held in an array.
    public mutating func update(luma: [UInt8], width: Int, height: Int, stride: Int) -> SceneChange {
        luma.withUnsafeBufferPointer { update(luma: $0, width: width, height: height, stride: stride) }
    }

    /// Mean of `current − reference` over the whole image: a change of exposure.
    private static func meanDifference(_ current: LumaImage, _ reference: LumaImage) -> Float {
        var sum: Float = 0
        current.pixels.withUnsafeBufferPointer { a in
            reference.pixels.withUnsafeBufferPointer { b in
                for index in 0..<min(a.count, b.count) { sum += a[index] - b[index] }
            }
        }
        return current.pixels.isEmpty ? 0 : sum / Float(current.pixels.count)
    }

    /// Whether no cell's mean absolute difference between `current` and `reference + offset`
    /// exceeds `threshold`. The cells are summed a row of cells at a time, and the test stops at
    /// the first row with a cell above it: a moving frame is told from a still one in its first
    /// rows, where summing every cell took a tenth of a moving frame's change detection.
    private static func isStill(
        _ current: LumaImage, reference: LumaImage, offset: Float, cell: Int, grid: (columns: Int, rows: Int), threshold: Float
    ) -> Bool {
        let columns = grid.columns
        let width = min(current.width, columns * cell), height = min(current.height, grid.rows * cell)
        guard columns > 0, width > 0, reference.width == current.width, reference.pixels.count == current.pixels.count else {
            return true
        }
        var sums = [Float](repeating: 0, count: columns)
        var counts = [Int](repeating: 0, count: columns)
        return current.pixels.withUnsafeBufferPointer { pixels in
            reference.pixels.withUnsafeBufferPointer { ref in
                sums.withUnsafeMutableBufferPointer { sums in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for y in 0..<height {
                            let row = y * current.width
                            var x = 0
                            while x < width {
                                let column = x / cell
                                let end = min(width, x + cell)
                                var sum = sums[column]
                                counts[column] += end - x
                                while x < end {
                                    sum += abs(pixels[row + x] - (ref[row + x] + offset))
                                    x += 1
                                }
                                sums[column] = sum
                            }
                            guard y % cell == cell - 1 || y == height - 1 else { continue }
                            for column in 0..<columns {
                                if counts[column] > 0, sums[column] / Float(counts[column]) > threshold { return false }
                                sums[column] = 0
                                counts[column] = 0
                            }
                        }
                        return true
                    }
                }
            }
        }
    }

    /// Per cell (`cell × cell` downscaled pixels, row-major over `grid`), the mean absolute
    /// residual of `current` against `reference` moved by the motion (`back` takes a pixel to its
    /// source position in `reference`), and whether some pixel's source lies outside `reference`
    /// (it came into view).
    ///
    /// A pixel is explained when it lies within the range of the four reference pixels around
    /// its source position: that absorbs sub-pixel misregistration along edges, which a plain
    /// difference would flag on every line of text. Each row goes to `lensd_scene_residual_row`
    /// (`CKernels`): four pixels at a time with SSE2 on x86-64, where Swift's loop took a
    /// conversion, four table reads and a branch per pixel, the same operations in the same order,
    /// so every cell's sum is the same float as a loop over single pixels gives.
    static func residuals(
        _ current: LumaImage, reference: LumaImage, back: ImageMotion, offset: Float, cell: Int, grid: (columns: Int, rows: Int)
    ) -> (means: [Float], entered: [Bool]) {
        let columns = grid.columns, rows = grid.rows
        var sums = [Float](repeating: 0, count: columns * rows)
        var counts = [Int64](repeating: 0, count: columns * rows)
        var entered = [UInt8](repeating: 0, count: columns * rows)
        let width = min(current.width, columns * cell), height = min(current.height, rows * cell)
        guard cell > 0, reference.width > 0, reference.height > 0, reference.pixels.count == reference.width * reference.height,
            current.pixels.count >= current.width * height, let cellWidth = Int32(exactly: cell), let rowWidth = Int32(exactly: width),
            let referenceWidth = Int32(exactly: reference.width), let referenceHeight = Int32(exactly: reference.height)
        else {
            return ([], [])
        }
        current.pixels.withUnsafeBufferPointer { pixels in
            reference.pixels.withUnsafeBufferPointer { ref in
                sums.withUnsafeMutableBufferPointer { sums in
                    counts.withUnsafeMutableBufferPointer { counts in
                        entered.withUnsafeMutableBufferPointer { entered in
                            guard let base = pixels.baseAddress, let referenceBase = ref.baseAddress, let sumBase = sums.baseAddress,
                                let countBase = counts.baseAddress, let enteredBase = entered.baseAddress
                            else { return }
                            for y in 0..<height {
                                let cellRow = (y / cell) * columns
                                lensd_scene_residual_row(
                                    base + y * current.width, rowWidth, Int32(truncatingIfNeeded: y), referenceBase, referenceWidth,
                                    referenceHeight, back.a, back.b, back.tx, back.ty, offset, cellWidth,
                                    sumBase + cellRow, countBase + cellRow, enteredBase + cellRow)
                            }
                        }
                    }
                }
            }
        }
        return (zip(sums, counts).map { $1 > 0 ? $0 / Float($1) : 0 }, entered.map { $0 != 0 })
    }
}

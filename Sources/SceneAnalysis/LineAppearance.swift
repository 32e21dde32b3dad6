import Capture

/// A coarse picture of a text line: the mean luma of a grid of blocks over its box, four rows
/// high and about as many columns as the line is heights wide (blocks about a quarter of a text
/// height square), normalised to zero mean and unit length, so that exposure and contrast do
/// not count.
///
/// Two pictures of one line taken on different frames correlate closely however a hand-held
/// camera's blur and sway changed its pixels; a line that shows other text does not. The
/// scheduler uses it to leave alone a line whose read showed no price while it still shows the
/// same text (``OCRScheduler``).
public struct LineAppearance: Sendable, Equatable {
    /// Blocks across; there are always ``rows`` blocks down.
    let columns: Int
    /// Row-major block means, normalised (zero mean, unit length).
    let values: [Float]

    static let rows = 4
    static let maximumColumns = 64

    /// The picture of `box` in `frame`; `nil` when the box is not inside the frame, too small
    /// for the grid, or flat (no text to compare).
    public init?(of box: PixelRect, in frame: Frame) {
        guard box.height > 0 else { return nil }
        let columns = min(Self.maximumColumns, max(Self.rows, Int((Double(Self.rows) * box.width / box.height).rounded())))
        guard let appearance = Self.picture(of: box, in: frame, columns: columns) else { return nil }
        self = appearance
    }

    /// The picture of `box` in `frame` on a grid `columns` blocks across.
    private static func picture(of box: PixelRect, in frame: Frame, columns: Int) -> LineAppearance? {
        let x0 = Int(box.x.rounded()), y0 = Int(box.y.rounded())
        let region = (left: x0, top: y0, right: x0 + Int(box.width.rounded()), bottom: y0 + Int(box.height.rounded()))
        guard region.left >= 0, region.top >= 0, region.right <= frame.width, region.bottom <= frame.height,
              frame.luma.count >= (frame.height - 1) * frame.stride + frame.width
        else { return nil }
        return frame.luma.withUnsafeBufferPointer { luma in
            sampled(box, columns: columns, dx: 0, dy: 0, within: region) { left, top, right, bottom in
                var total = 0
                for y in top..<bottom {
                    for x in left..<right { total &+= Int(luma[y * frame.stride + x]) }
                }
                return total
            }
        }
    }

    private init(columns: Int, values: [Float]) {
        self.columns = columns
        self.values = values
    }

    /// The best correlation (−1…1) of this picture with `box` in `frame` shifted by up to
    /// `slack` pixels either way (the motion moving the box from frame to frame misses by a
    /// pixel or two); `nil` when no shifted box can be sampled.
    public func correlation(with box: PixelRect, in frame: Frame, slack: Int) -> Float? {
        // Sums over the box and its slack, so that each block of each shift costs four lookups.
        let x0 = Int(box.x.rounded()), y0 = Int(box.y.rounded())
        let left = max(0, x0 - slack), top = max(0, y0 - slack)
        let right = min(frame.width, x0 + Int(box.width.rounded()) + slack)
        let bottom = min(frame.height, y0 + Int(box.height.rounded()) + slack)
        guard right > left, bottom > top, frame.luma.count >= (frame.height - 1) * frame.stride + frame.width else { return nil }
        let stride = right - left + 1
        var integral = [Int](repeating: 0, count: stride * (bottom - top + 1))
        frame.luma.withUnsafeBufferPointer { luma in
            for y in top..<bottom {
                var rowSum = 0
                let row = (y - top + 1) * stride, above = (y - top) * stride
                for x in left..<right {
                    rowSum &+= Int(luma[y * frame.stride + x])
                    integral[row + x - left + 1] = integral[above + x - left + 1] &+ rowSum
                }
            }
        }
        let region = (left: left, top: top, right: right, bottom: bottom)
        var best: Float?
        for dy in -slack...slack {
            for dx in -slack...slack {
                guard let other = Self.sampled(box, columns: columns, dx: dx, dy: dy, within: region, sum: { l, t, r, b in
                    integral[(b - top) * stride + r - left] - integral[(t - top) * stride + r - left]
                        - integral[(b - top) * stride + l - left] + integral[(t - top) * stride + l - left]
                }) else { continue }
                var dot: Float = 0
                for index in values.indices { dot += values[index] * other.values[index] }
                best = max(best ?? -1, dot)
            }
        }
        return best
    }

    /// Block means of `box` moved by `(dx, dy)` pixels, normalised; `nil` when the moved box
    /// leaves `region` (frame pixels), is too small for the grid or is flat. `sum` adds up the
    /// pixels of `left..<right` × `top..<bottom`.
    private static func sampled(
        _ box: PixelRect, columns: Int, dx: Int, dy: Int, within region: (left: Int, top: Int, right: Int, bottom: Int),
        sum: (_ left: Int, _ top: Int, _ right: Int, _ bottom: Int) -> Int
    ) -> LineAppearance? {
        let x0 = Int(box.x.rounded()) + dx, y0 = Int(box.y.rounded()) + dy
        let width = Int(box.width.rounded()), height = Int(box.height.rounded())
        guard width >= columns, height >= rows, x0 >= region.left, y0 >= region.top, x0 + width <= region.right,
              y0 + height <= region.bottom
        else { return nil }
        var means = [Float](repeating: 0, count: rows * columns)
        for row in 0..<rows {
            let top = y0 + row * height / rows, bottom = y0 + (row + 1) * height / rows
            for column in 0..<columns {
                let left = x0 + column * width / columns, right = x0 + (column + 1) * width / columns
                means[row * columns + column] = Float(sum(left, top, right, bottom)) / Float((bottom - top) * (right - left))
            }
        }
        let mean = means.reduce(0, +) / Float(means.count)
        var length: Float = 0
        for index in means.indices {
            means[index] -= mean
            length += means[index] * means[index]
        }
        // Flat: less than a luma level of variation per block on average.
        guard length > Float(means.count) else { return nil }
        let scale = 1 / length.squareRoot()
        return LineAppearance(columns: columns, values: means.map { $0 * scale })
    }
}

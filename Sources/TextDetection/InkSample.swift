import Foundation

/// A detected box's pixels sampled along its own axes (one sample a pixel, nearest neighbour),
/// split into ink and background at Otsu's threshold; the ink is the lesser of the two, so light
/// text on a dark ground is ink as dark text on a light one is.
struct InkSample {
    let rows: Int
    let columns: Int
    private let ink: [Bool]
    private let origin: TextBox.Point
    private let along: (x: Double, y: Double)
    private let across: (x: Double, y: Double)

    /// Nil when the box lies outside the image or its pixels are all of one level.
    init?(box: TextBox, luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) {
        let columns = Int(box.width.rounded()), rows = Int(box.height.rounded())
        guard columns > 0, rows > 0, width > 0, height > 0 else { return nil }
        let angle = box.angle
        let along = (x: cos(angle), y: sin(angle)), across = (x: -sin(angle), y: cos(angle))
        var levels = [UInt8](repeating: 0, count: rows * columns)
        var inside = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let u = Double(column) + 0.5, v = Double(row) + 0.5
                let x = Int((box.topLeft.x + u * along.x + v * across.x).rounded(.down))
                let y = Int((box.topLeft.y + u * along.y + v * across.y).rounded(.down))
                let clampedX = min(max(x, 0), width - 1), clampedY = min(max(y, 0), height - 1)
                if clampedX == x, clampedY == y { inside += 1 }
                levels[row * columns + column] = luma[clampedY * stride + clampedX]
            }
        }
        guard inside > 0, let threshold = Self.otsuThreshold(levels) else { return nil }
        let dark = levels.filter { $0 <= threshold }.count
        let darkIsInk = 2 * dark <= levels.count
        self.rows = rows
        self.columns = columns
        self.ink = levels.map { darkIsInk ? $0 <= threshold : $0 > threshold }
        self.origin = box.topLeft
        self.along = along
        self.across = across
    }

    func isInk(row: Int, column: Int) -> Bool { ink[row * columns + column] }

    /// The box of `rows` and `columns` of the sample, grown by ``StackedLines/margin`` of its rows
    /// on every side, in image pixels, with `original`'s score.
    func box(rows: ClosedRange<Int>, columns: ClosedRange<Int>, original: TextBox) -> TextBox {
        let pad = StackedLines.margin * Double(rows.count)
        let u0 = Double(columns.lowerBound) - pad, u1 = Double(columns.upperBound + 1) + pad
        let v0 = Double(rows.lowerBound) - pad, v1 = Double(rows.upperBound + 1) + pad
        let u = (u0 + u1) / 2, v = (v0 + v1) / 2
        let center = TextBox.Point(x: origin.x + u * along.x + v * across.x, y: origin.y + u * along.y + v * across.y)
        return TextBox(center: center, width: u1 - u0, height: v1 - v0, angle: atan2(along.y, along.x), score: original.score, isCut: original.isCut)
    }

    /// Otsu's threshold of the levels (those at or below it are one class); nil for a single level.
    static func otsuThreshold(_ levels: [UInt8]) -> UInt8? {
        var histogram = [Int](repeating: 0, count: 256)
        for level in levels { histogram[Int(level)] += 1 }
        let total = Double(levels.count)
        let sum = histogram.indices.reduce(0.0) { $0 + Double($1 * histogram[$1]) }
        var below = 0.0, belowSum = 0.0, best = -1.0, threshold: UInt8?
        for level in 0..<255 {
            below += Double(histogram[level])
            belowSum += Double(level * histogram[level])
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let difference = belowSum / below - (sum - belowSum) / above
            let between = below * above * difference * difference
            if between > best {
                best = between
                threshold = UInt8(level)
            }
        }
        return threshold
    }
}

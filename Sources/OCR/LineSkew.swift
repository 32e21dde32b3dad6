import Foundation

/// Estimates the small angle by which a text line is rotated, from the projection profile of its ink.
///
/// The ink of the crop (the smaller Otsu class) is projected onto rows along each candidate angle
/// (a shear of `y - x·tan(angle)`); a straight line of text gives the sharpest profile (ink in few
/// rows, empty rows above and below), so the angle whose profile has the largest sum of squared row
/// counts wins. Angles are tried every ``step`` degrees within ±``RegionOptions/maximumSkewDegrees``,
/// then refined by halving the step twice (13 profiles for ±8°). At most about ``maximumSamples`` ink
/// pixels are projected (every n-th row and column on large crops), so the cost stays small on 4K
/// images. Crops less than ``minimumAspect`` times as wide as high are left alone: a word that short
/// shows little tilt, and its profile says little about it.
///
/// Not thread-safe: keeps its buffers between calls.
public final class LineSkew {
    /// Degrees between two tried angles before refining.
    static let step = 2.0
    /// The most ink pixels projected per crop.
    static let maximumSamples = 2_000
    /// The least width-to-height ratio of a crop that is deskewed.
    static let minimumAspect = 3
    /// A rotated profile must beat the unrotated one by this factor to be believed (noise, a single
    /// word or digit gives nearly flat scores across angles).
    static let minimumGain = 1.04

    private var inkX: [Float] = []
    private var inkY: [Float] = []
    private var bins: [Int32] = []
    /// The largest distance of an ink sample from the crop's centre column.
    private var reachX: Float = 0
    /// Source rows per profile bin: the sampling step, so that subsampled crops fill every bin.
    private var binSize: Float = 1

    public init() {}

    /// Estimates the skew of the text in `rect` of an image.
    ///
    /// - Returns: the line's direction in radians in image coordinates (y down), positive when it
    ///   descends to the right, so that sampling along it straightens the line; `nil` when the crop
    ///   has too little ink, or no angle is clearly better than 0.
    public func estimate(_ base: UnsafePointer<UInt8>, stride: Int, rect: OCRRect, maximumDegrees: Double) -> Double? {
        guard maximumDegrees > 0, rect.width >= 8, rect.height >= 4, rect.width >= Self.minimumAspect * rect.height else { return nil }
        let pixels = rect.width * rect.height
        let subsample = max(1, Int((Double(pixels) / Double(Self.maximumSamples * 3)).squareRoot().rounded(.up)))
        var histogram = [Int](repeating: 0, count: 256)
        var y = 0
        while y < rect.height {
            let row = base + (rect.y + y) * stride + rect.x
            var x = 0
            while x < rect.width {
                histogram[Int(row[x])] += 1
                x += subsample
            }
            y += subsample
        }
        let threshold = LinePolarity.otsuThreshold(histogram: histogram)
        var dark = 0
        for value in 0...threshold { dark += histogram[value] }
        let total = histogram.reduce(0, +)
        let inkIsDark = dark * 2 <= total
        inkX.removeAll(keepingCapacity: true)
        inkY.removeAll(keepingCapacity: true)
        let centreX = Float(rect.width) / 2
        y = 0
        while y < rect.height {
            let row = base + (rect.y + y) * stride + rect.x
            var x = 0
            while x < rect.width {
                let value = Int(row[x])
                if inkIsDark ? value <= threshold : value > threshold {
                    inkX.append(Float(x) - centreX)
                    inkY.append(Float(y))
                }
                x += subsample
            }
            y += subsample
        }
        guard inkX.count >= 24 else { return nil }
        reachX = centreX
        binSize = Float(subsample)
        let flat = score(angle: 0, height: rect.height)
        var best = (angle: 0.0, score: flat)
        var degrees = -maximumDegrees
        while degrees <= maximumDegrees + 1e-9 {
            if abs(degrees) > 1e-9 {
                let candidate = score(angle: degrees * .pi / 180, height: rect.height)
                if candidate > best.score { best = (degrees * .pi / 180, candidate) }
            }
            degrees += Self.step
        }
        for refinement in [Self.step / 2, Self.step / 4] {
            let centre = best.angle
            for offset in [-refinement, refinement] {
                let angle = centre + offset * .pi / 180
                guard abs(angle) <= maximumDegrees * .pi / 180 + 1e-9 else { continue }
                let candidate = score(angle: angle, height: rect.height)
                if candidate > best.score { best = (angle, candidate) }
            }
        }
        guard best.angle != 0, best.score > flat * Self.minimumGain else { return nil }
        return best.angle
    }

    /// Sum of squared row counts of the ink projected along `angle`.
    private func score(angle: Double, height: Int) -> Double {
        fill(angle: angle, height: height)
        var sum = 0.0
        for count in bins { sum += Double(count) * Double(count) }
        return sum
    }

    /// The ink's row histogram along `angle`, in ``bins`` (rows offset by the largest shear).
    private func fill(angle: Double, height: Int) {
        let slope = Float(tan(angle))
        let reach = Int((abs(slope) * reachX / binSize).rounded(.up)) + 1
        let scale = 1 / binSize
        bins.removeAll(keepingCapacity: true)
        bins.append(contentsOf: repeatElement(0, count: Int(Float(height) * scale) + 2 * reach + 2))
        inkX.withUnsafeBufferPointer { xs in
            inkY.withUnsafeBufferPointer { ys in
                bins.withUnsafeMutableBufferPointer { counts in
                    for index in xs.indices {
                        let row = Int(((ys[index] - xs[index] * slope) * scale).rounded()) + reach
                        counts[min(max(row, 0), counts.count - 1)] += 1
                    }
                }
            }
        }
    }
}

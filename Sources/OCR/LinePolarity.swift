/// Whether a line crop's text is darker or lighter than its background.
public enum LinePolarity: Sendable, Hashable {
    /// Dark text on a light background: what Tesseract reads.
    case darkOnLight
    /// Light text on a dark background (white on red, inverted signs): must be inverted first.
    case lightOnDark

    /// Classifies a crop by Otsu's threshold: the background is the class that covers more of the crop
    /// (text ink covers well under half of a line box with its margin).
    ///
    /// - Parameter pixels: the crop's luma, `width * height` bytes.
    public static func classify(_ pixels: UnsafeBufferPointer<UInt8>) -> LinePolarity {
        var histogram = [Int](repeating: 0, count: 256)
        for pixel in pixels { histogram[Int(pixel)] += 1 }
        let threshold = otsuThreshold(histogram: histogram)
        var bright = 0
        for value in (threshold + 1)..<256 { bright += histogram[value] }
        return bright * 2 >= pixels.count ? .darkOnLight : .lightOnDark
    }

    /// Otsu's threshold: the level that maximises the between-class variance; pixels above it are "bright".
    static func otsuThreshold(histogram: [Int]) -> Int {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return 127 }
        var sum = 0.0
        for value in 0..<256 { sum += Double(value * histogram[value]) }
        var backgroundWeight = 0, backgroundSum = 0.0, best = 0.0, threshold = 127
        for value in 0..<255 {
            backgroundWeight += histogram[value]
            guard backgroundWeight > 0 else { continue }
            let foregroundWeight = total - backgroundWeight
            guard foregroundWeight > 0 else { break }
            backgroundSum += Double(value * histogram[value])
            let meanBackground = backgroundSum / Double(backgroundWeight)
            let meanForeground = (sum - backgroundSum) / Double(foregroundWeight)
            let between = Double(backgroundWeight) * Double(foregroundWeight) * (meanBackground - meanForeground) * (meanBackground - meanForeground)
            if between > best {
                best = between
                threshold = value
            }
        }
        return threshold
    }
}

import Foundation

/// Prepares one proposed text line for Tesseract: crop with a margin, straighten, rescale, normalise, fix polarity.
///
/// The result is written into a buffer the preprocessor keeps between calls (no per-line allocation
/// once it has grown to the largest line). Each step follows ``RegionOptions`` and is timed into
/// ``timings``. Not thread-safe.
public final class LinePreprocessor {
    public let options: RegionOptions
    /// The prepared line of the last ``prepare(luma:width:height:stride:box:)`` call, row-major, stride = width.
    public private(set) var pixels: [UInt8] = []
    /// CPU time spent per step since creation.
    public internal(set) var timings = RegionTimings()

    private var columnLow: [UInt8] = []
    private var columnHigh: [UInt8] = []
    private var windowLow: [UInt8] = []
    private var windowHigh: [UInt8] = []
    private let skew = LineSkew()

    /// The least ink-to-background difference (0…255) a column window needs to be stretched.
    static let minimumContrast = 24

    public init(options: RegionOptions = .init()) {
        self.options = options
    }

    /// The scale that brings a line of `lineHeight` pixels to ``RegionOptions/targetTextHeight``,
    /// limited to 1/8…6 (a line that reads at 1:1 stays at 1:1 when rescaling is off).
    public static func scale(forLineHeight lineHeight: Int, target: Int) -> Double {
        guard lineHeight > 0, target > 0 else { return 1 }
        return min(6, max(0.125, Double(target) / Double(lineHeight)))
    }

    /// Crops `box` (plus a pad of a fifth of a line) out of the image and prepares it.
    ///
    /// - Returns: how the prepared image in ``pixels`` maps back to the source, or `nil` when the box
    ///   lies outside the image.
    public func prepare(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, box: OCRRect) -> LineCrop? {
        guard let base = luma.baseAddress, width > 0, height > 0, stride >= width,
              luma.count >= stride * (height - 1) + width, box.height > 0, box.width > 0 else { return nil }
        let started = ThreadCPUClock.now()
        // A tight pad: tag borders just beyond the text read as "|" or "J"; the margin added below gives Tesseract its white space.
        let padX = max(2, box.height / 6), padY = max(2, box.height / 5)
        let x0 = max(0, box.x - padX), y0 = max(0, box.y - padY)
        let x1 = min(width, box.x + box.width + padX), y1 = min(height, box.y + box.height + padY)
        guard x1 > x0, y1 > y0 else { return nil }
        let source = OCRRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        var angle = 0.0
        if options.deskews, let estimate = skew.estimate(base, stride: stride, rect: source, maximumDegrees: options.maximumSkewDegrees) {
            angle = estimate
        }
        let estimated = ThreadCPUClock.now()
        timings.deskew += estimated - started
        // A line tilted by θ fills a box taller than its text by about its width × tan θ.
        let lineHeight = angle == 0 ? box.height : max(box.height / 3, box.height - Int(Double(box.width) * abs(tan(angle))))
        let scale = options.rescales
            ? min(max(1, options.maximumUpscale), Self.scale(forLineHeight: lineHeight, target: options.targetTextHeight)) : 1
        return finish(base, width: width, height: height, stride: stride, source: source, angle: angle, lineHeight: lineHeight,
                      scale: scale, started: estimated)
    }

    /// Crops a detected text box, turned by its `angle` (radians, y down) so that its first edge
    /// runs along the output's rows, and prepares it as ``prepare(luma:width:height:stride:box:)``
    /// does (rescale, contrast, polarity), without estimating a skew of its own: the detector's box
    /// is aligned with its text already.
    ///
    /// - Parameters:
    ///   - center: the box's centre in image pixels.
    ///   - boxWidth, boxHeight: its extent along and across `angle`.
    ///   - maximumUpscale: the most the crop is enlarged on its way to ``RegionOptions/targetTextHeight``.
    public func prepare(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, center: (x: Double, y: Double),
        boxWidth: Double, boxHeight: Double, angle: Double, maximumUpscale: Double
    ) -> LineCrop? {
        guard let base = luma.baseAddress, width > 0, height > 0, stride >= width, luma.count >= stride * (height - 1) + width,
              boxWidth >= 1, boxHeight >= 1, boxWidth.isFinite, boxHeight.isFinite, angle.isFinite
        else { return nil }
        let started = ThreadCPUClock.now()
        let lineHeight = max(1, Int(boxHeight.rounded()))
        let padX = max(2, lineHeight / 6), padY = max(2, lineHeight / 10)
        let sourceWidth = Int(boxWidth.rounded()) + 2 * padX, sourceHeight = lineHeight + 2 * padY
        let source = Self.rect(centredOn: center, width: sourceWidth, height: sourceHeight)
        let scale = options.rescales
            ? min(max(1, maximumUpscale), Self.scale(forLineHeight: lineHeight, target: options.targetDetectedBoxHeight)) : 1
        return finish(base, width: width, height: height, stride: stride, source: source, angle: angle, lineHeight: lineHeight,
                      scale: scale, started: started, binarizes: options.binarizesDetectedLines)
    }

    /// Crops a detected text box, turned by its `angle` as
    /// ``prepare(luma:width:height:stride:center:boxWidth:boxHeight:angle:maximumUpscale:)`` does,
    /// padded by `padAlong` and `padAcross` box heights, and resampled to `outputHeight` rows,
    /// without any other preparation: for a trained recogniser, which reads grey levels as a
    /// camera sees them. The crop has no margin.
    public func crop(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, center: (x: Double, y: Double),
        boxWidth: Double, boxHeight: Double, angle: Double, padAlong: Double, padAcross: Double, outputHeight: Int
    ) -> LineCrop? {
        guard let base = luma.baseAddress, width > 0, height > 0, stride >= width, luma.count >= stride * (height - 1) + width,
              boxWidth >= 1, boxHeight >= 1, boxWidth.isFinite, boxHeight.isFinite, angle.isFinite, outputHeight > 0
        else { return nil }
        let started = ThreadCPUClock.now()
        let padX = Int((boxHeight * padAlong).rounded(.up)), padY = Int((boxHeight * padAcross).rounded(.up))
        let sourceWidth = Int(boxWidth.rounded()) + 2 * padX, sourceHeight = Int(boxHeight.rounded()) + 2 * padY
        let source = Self.rect(centredOn: center, width: sourceWidth, height: sourceHeight)
        let scale = Double(outputHeight) / Double(sourceHeight)
        let outWidth = max(1, Int((Double(sourceWidth) * scale).rounded()))
        pixels.removeAll(keepingCapacity: true)
        pixels.append(contentsOf: repeatElement(0, count: outWidth * outputHeight))
        pixels.withUnsafeMutableBufferPointer { out in
            Self.resampleRotated(
                base, stride: stride, imageWidth: width, imageHeight: height, source: source, scale: scale, angle: angle,
                into: out, outWidth: outWidth, margin: 0, innerWidth: outWidth, innerHeight: outputHeight)
        }
        timings.rescale += ThreadCPUClock.now() - started
        return LineCrop(
            source: source, scale: scale, margin: 0, width: outWidth, height: outputHeight, polarity: .darkOnLight, inkThreshold: 127,
            angle: angle)
    }

    /// The rectangle `width` x `height` centred on `center`, in whole pixels.
    private static func rect(centredOn center: (x: Double, y: Double), width: Int, height: Int) -> OCRRect {
        OCRRect(x: Int((center.x - Double(width) / 2).rounded()), y: Int((center.y - Double(height) / 2).rounded()), width: width, height: height)
    }

    /// Resamples `source` (turned by `angle` about its centre) at `scale`, then normalises its
    /// contrast and polarity and fills its margin.
    private func finish(
        _ base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, source: OCRRect, angle: Double, lineHeight: Int,
        scale: Double, started: Duration, binarizes: Bool = false
    ) -> LineCrop? {
        let estimated = started
        let innerWidth = max(1, Int((Double(source.width) * scale).rounded()))
        let innerHeight = max(1, Int((Double(source.height) * scale).rounded()))
        let margin = max(4, options.targetTextHeight / 6)
        let outWidth = innerWidth + 2 * margin, outHeight = innerHeight + 2 * margin
        pixels.removeAll(keepingCapacity: true)
        pixels.append(contentsOf: repeatElement(0, count: outWidth * outHeight))
        pixels.withUnsafeMutableBufferPointer { out in
            let inside = source.x >= 0 && source.y >= 0 && source.x + source.width <= width && source.y + source.height <= height
            if angle == 0, inside {
                Self.resample(base, stride: stride, source: source, scale: scale, into: out, outWidth: outWidth, margin: margin,
                              innerWidth: innerWidth, innerHeight: innerHeight)
            } else {
                Self.resampleRotated(
                    base, stride: stride, imageWidth: width, imageHeight: height, source: source, scale: scale, angle: angle,
                    into: out, outWidth: outWidth, margin: margin, innerWidth: innerWidth, innerHeight: innerHeight)
            }
        }
        let resampled = ThreadCPUClock.now()
        timings.rescale += resampled - estimated

        if options.normalizesContrast {
            normalise(width: outWidth, margin: margin, innerWidth: innerWidth, innerHeight: innerHeight, lineHeight: Double(lineHeight) * scale)
        }
        let normalised = ThreadCPUClock.now()
        timings.normalisation += normalised - resampled

        var polarity = LinePolarity.darkOnLight
        var threshold: UInt8 = 127
        pixels.withUnsafeMutableBufferPointer { out in
            if options.detectsPolarity {
                polarity = Self.innerPolarity(out, width: outWidth, margin: margin, innerWidth: innerWidth, innerHeight: innerHeight)
                if polarity == .lightOnDark {
                    for index in out.indices { out[index] = 255 &- out[index] }
                }
            }
            threshold = Self.fillMargin(out, width: outWidth, height: outHeight, margin: margin)
            Self.eraseBorders(out, width: outWidth, height: outHeight, margin: margin, threshold: threshold)
        }
        timings.polarity += ThreadCPUClock.now() - normalised
        if binarizes {
            pixels.withUnsafeMutableBufferPointer { out in
                Self.eraseRules(out, width: outWidth, height: outHeight, margin: margin, threshold: threshold)
            }
            for index in pixels.indices { pixels[index] = pixels[index] <= threshold ? 0 : 255 }
        }
        return LineCrop(
            source: source, scale: scale, margin: margin, width: outWidth, height: outHeight, polarity: polarity,
            inkThreshold: threshold, angle: angle)
    }

    /// Bilinear resampling of `source`, rotated by `angle` about its centre, into the inner part of
    /// `out`: output rows run along the direction `angle` in the image. Samples beyond the image edge
    /// take the nearest edge pixel.
    private static func resampleRotated(
        _ base: UnsafePointer<UInt8>, stride: Int, imageWidth: Int, imageHeight: Int, source: OCRRect, scale: Double,
        angle: Double, into out: UnsafeMutableBufferPointer<UInt8>, outWidth: Int, margin: Int, innerWidth: Int, innerHeight: Int
    ) {
        let inverse = 1 / scale
        let cosine = cos(angle), sine = sin(angle)
        let centreX = Double(source.x) + Double(source.width) / 2, centreY = Double(source.y) + Double(source.height) / 2
        let halfWidth = Double(source.width) / 2, halfHeight = Double(source.height) / 2
        let maxX = Double(imageWidth - 1), maxY = Double(imageHeight - 1)
        let smooth = scale < 0.5
        for y in 0..<innerHeight {
            let v = (Double(y) + 0.5) * inverse - halfHeight
            let outRow = (y + margin) * outWidth + margin
            for x in 0..<innerWidth {
                let u = (Double(x) + 0.5) * inverse - halfWidth
                let sx = min(maxX, max(0, centreX + u * cosine - v * sine - 0.5))
                let sy = min(maxY, max(0, centreY + u * sine + v * cosine - 0.5))
                let x0 = Int(sx), y0 = Int(sy)
                let x1 = min(imageWidth - 1, x0 + 1), y1 = min(imageHeight - 1, y0 + 1)
                let row0 = base + y0 * stride, row1 = base + y1 * stride
                let value: Int
                if smooth {
                    value = (Int(row0[x0]) + Int(row0[x1]) + Int(row1[x0]) + Int(row1[x1]) + 2) >> 2
                } else {
                    let fx = Int((sx - Double(x0)) * 256), fy = Int((sy - Double(y0)) * 256)
                    let top = Int(row0[x0]) * (256 - fx) + Int(row0[x1]) * fx
                    let bottom = Int(row1[x0]) * (256 - fx) + Int(row1[x1]) * fx
                    value = (top * (256 - fy) + bottom * fy + 32768) >> 16
                }
                out[outRow + x] = UInt8(truncatingIfNeeded: value)
            }
        }
    }

    /// Bilinear resampling of `source` into the inner part of `out`; a 2x2 mean first when shrinking by more than half.
    /// Each output column's two source columns and weight are worked out once, not once per row.
    private static func resample(
        _ base: UnsafePointer<UInt8>, stride: Int, source: OCRRect, scale: Double,
        into out: UnsafeMutableBufferPointer<UInt8>, outWidth: Int, margin: Int, innerWidth: Int, innerHeight: Int
    ) {
        let inverse = 1 / scale
        let maxX = source.width - 1, maxY = source.height - 1
        let smooth = scale < 0.5
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * innerWidth) { columns in
            for x in 0..<innerWidth {
                let sx = min(Double(maxX), max(0, (Double(x) + 0.5) * inverse - 0.5))
                let x0 = Int(sx)
                columns[3 * x] = x0
                columns[3 * x + 1] = min(maxX, x0 + 1)
                columns[3 * x + 2] = Int((sx - Double(x0)) * 256)
            }
            for y in 0..<innerHeight {
                let sy = min(Double(maxY), max(0, (Double(y) + 0.5) * inverse - 0.5))
                let y0 = Int(sy), y1 = min(maxY, y0 + 1)
                let fy = Int((sy - Double(y0)) * 256)
                let row0 = base + (source.y + y0) * stride + source.x
                let row1 = base + (source.y + y1) * stride + source.x
                let outRow = (y + margin) * outWidth + margin
                for x in 0..<innerWidth {
                    let x0 = columns[3 * x], x1 = columns[3 * x + 1]
                    let value: Int
                    if smooth {
                        value = (Int(row0[x0]) + Int(row0[x1]) + Int(row1[x0]) + Int(row1[x1]) + 2) >> 2
                    } else {
                        let fx = columns[3 * x + 2]
                        let top = Int(row0[x0]) * (256 - fx) + Int(row0[x1]) * fx
                        let bottom = Int(row1[x0]) * (256 - fx) + Int(row1[x1]) * fx
                        value = (top * (256 - fy) + bottom * fy + 32768) >> 16
                    }
                    out[outRow + x] = UInt8(truncatingIfNeeded: value)
                }
            }
        }
    }

    /// Stretches each column between the darkest and brightest value within about a line height
    /// around it, so uneven light along the line and low contrast both end at full range.
    private func normalise(width: Int, margin: Int, innerWidth: Int, innerHeight: Int, lineHeight: Double) {
        columnLow.removeAll(keepingCapacity: true)
        columnLow.append(contentsOf: repeatElement(255, count: innerWidth))
        columnHigh.removeAll(keepingCapacity: true)
        columnHigh.append(contentsOf: repeatElement(0, count: innerWidth))
        let radius = max(2, Int(lineHeight.rounded()))
        pixels.withUnsafeMutableBufferPointer { out in
            columnLow.withUnsafeMutableBufferPointer { low in
                columnHigh.withUnsafeMutableBufferPointer { high in
                    for y in 0..<innerHeight {
                        let row = (y + margin) * width + margin
                        for x in 0..<innerWidth {
                            let value = out[row + x]
                            low[x] = min(low[x], value)
                            high[x] = max(high[x], value)
                        }
                    }
                }
            }
            Self.slidingExtremes(columnLow, radius: radius, minimum: true, into: &windowLow)
            Self.slidingExtremes(columnHigh, radius: radius, minimum: false, into: &windowHigh)
            var globalLow: UInt8 = 255, globalHigh: UInt8 = 0
            for x in 0..<innerWidth {
                globalLow = min(globalLow, windowLow[x])
                globalHigh = max(globalHigh, windowHigh[x])
            }
            for x in 0..<innerWidth {
                var low = Int(windowLow[x]), high = Int(windowHigh[x])
                if high - low < Self.minimumContrast {
                    low = Int(globalLow)
                    high = max(Int(globalHigh), low + Self.minimumContrast)
                }
                let range = high - low
                let multiplier = Self.reciprocal(of: range)
                for y in 0..<innerHeight {
                    let index = (y + margin) * width + margin + x
                    let stretched = Self.quotient((Int(out[index]) - low) * 255, reciprocal: multiplier)
                    out[index] = UInt8(clamping: stretched)
                }
            }
        }
    }

    /// ⌈2³² / `divisor`⌉, for ``quotient(_:reciprocal:)``; `divisor` from 1 to 255.
    static func reciprocal(of divisor: Int) -> Int {
        (1 << 32 + divisor - 1) / divisor
    }

    /// `numerator / divisor` for a numerator from 0 to 255 × 255, as a product with the divisor's
    /// ``reciprocal(of:)``: the product's error stays below 2⁻¹⁶, under the 1 / `divisor` that
    /// would change the quotient. The normalisation's division per pixel was a tenth of a line's
    /// preparation.
    @inline(__always)
    static func quotient(_ numerator: Int, reciprocal: Int) -> Int {
        (numerator * reciprocal) >> 32
    }

    /// Minimum (or maximum) of `values` over a window of `radius` either side of each index.
    private static func slidingExtremes(_ values: [UInt8], radius: Int, minimum: Bool, into output: inout [UInt8]) {
        output.removeAll(keepingCapacity: true)
        for index in values.indices {
            let lower = max(0, index - radius), upper = min(values.count - 1, index + radius)
            var extreme = values[lower]
            for position in lower...upper {
                extreme = minimum ? min(extreme, values[position]) : max(extreme, values[position])
            }
            output.append(extreme)
        }
    }

    /// The polarity of the inner (non-margin) part of a prepared crop.
    private static func innerPolarity(
        _ out: UnsafeMutableBufferPointer<UInt8>, width: Int, margin: Int, innerWidth: Int, innerHeight: Int
    ) -> LinePolarity {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: innerWidth * innerHeight) { inner in
            for y in 0..<innerHeight {
                for x in 0..<innerWidth {
                    inner[y * innerWidth + x] = out[(y + margin) * width + margin + x]
                }
            }
            return LinePolarity.classify(UnsafeBufferPointer(inner))
        }
    }

    /// Paints over, at each end of the inner part, the columns up to a column that is ink from top to
    /// bottom: a tag's border or edge, which is taller than the padded line and which Tesseract reads
    /// as `|`, `I` or `1` (whatever lies beyond it is not on the tag). Glyphs stay: even a `1` spans
    /// only the text's height, not the pad above and below it. Looks at most one crop height in
    /// from each end.
    static func eraseBorders(_ out: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, margin: Int, threshold: UInt8) {
        let innerWidth = width - 2 * margin, innerHeight = height - 2 * margin
        guard innerWidth > 2, innerHeight > 4 else { return }
        let background = out[0]
        let reach = min(innerHeight, innerWidth / 2)
        let full = innerHeight * 17 / 20
        func ink(inColumn x: Int) -> Int {
            var count = 0
            for y in margin..<(height - margin) where out[y * width + x] <= threshold { count += 1 }
            return count
        }
        for step in [1, -1] {
            let start = step > 0 ? margin : width - margin - 1
            var border: Int?
            for offset in 0..<reach {
                let x = start + step * offset
                if ink(inColumn: x) >= full { border = offset }
            }
            guard let border else { continue }
            for offset in 0...border {
                let x = start + step * offset
                for y in margin..<(height - margin) { out[y * width + x] = background }
            }
        }
    }

    /// Paints over a thin band of rows near the top or bottom of the inner part that are ink
    /// across most of its width and at both its ends, and the rows beside it as far as the band
    /// is thick: a receipt's separator, a tag's underline or edge, which a detector's box takes in
    /// above or below a short word and which Tesseract reads as glyphs (`28.20` under a rule read
    /// as `162`). A rule runs on past the text into the crop's pad; rows of text stop short of it,
    /// even the tops or the middle rows of bold digits that a tight box and a blur run together
    /// (`279` and `349` on a shelf tag, which the rows' ink count alone took for rules).
    static func eraseRules(_ out: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, margin: Int, threshold: UInt8) {
        let innerWidth = width - 2 * margin, innerHeight = height - 2 * margin
        guard innerWidth > 4, innerHeight > 4 else { return }
        let background = out[0]
        func ink(inRow y: Int) -> Int {
            var count = 0
            for x in margin..<(width - margin) where out[y * width + x] <= threshold { count += 1 }
            return count
        }
        let endWidth = max(1, innerWidth / 16)
        func reachesEnds(_ y: Int) -> Bool {
            var left = 0, right = 0
            for x in 0..<endWidth {
                if out[y * width + margin + x] <= threshold { left += 1 }
                if out[y * width + width - margin - 1 - x] <= threshold { right += 1 }
            }
            return 2 * left >= endWidth && 2 * right >= endWidth
        }
        let rule = innerWidth * 3 / 4
        let counts = (margin..<(height - margin)).map { y in reachesEnds(y) ? ink(inRow: y) : min(ink(inRow: y), rule - 1) }
        let edge = innerHeight * 3 / 10, thickest = max(1, innerHeight / 4)
        var erase = [Bool](repeating: false, count: innerHeight)
        var index = 0
        while index < innerHeight {
            guard counts[index] >= rule else {
                index += 1
                continue
            }
            var bandEnd = index
            while bandEnd + 1 < innerHeight, counts[bandEnd + 1] >= rule { bandEnd += 1 }
            let thickness = bandEnd - index + 1
            if thickness <= thickest, bandEnd < edge || index >= innerHeight - edge {
                // The rule's own blur: rows beside it with more ink than a clear row, no farther than it is thick.
                var first = index, last = bandEnd
                while first > 0, index - first < thickness, counts[first - 1] * 4 >= rule { first -= 1 }
                while last + 1 < innerHeight, last - bandEnd < thickness, counts[last + 1] * 4 >= rule { last += 1 }
                for row in first...last { erase[row] = true }
            }
            index = bandEnd + 1
        }
        for row in 0..<innerHeight where erase[row] {
            let y = row + margin
            for x in margin..<(width - margin) { out[y * width + x] = background }
        }
    }

    /// Paints the margin with the inner part's background: the mean of the larger Otsu class.
    /// Returns Otsu's threshold of the inner part.
    private static func fillMargin(_ out: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, margin: Int) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for y in margin..<(height - margin) {
            for x in margin..<(width - margin) { histogram[Int(out[y * width + x])] += 1 }
        }
        let threshold = LinePolarity.otsuThreshold(histogram: histogram)
        var darkCount = 0, darkSum = 0, brightCount = 0, brightSum = 0
        for value in 0..<256 {
            if value > threshold {
                brightCount += histogram[value]
                brightSum += value * histogram[value]
            } else {
                darkCount += histogram[value]
                darkSum += value * histogram[value]
            }
        }
        let mean = brightCount >= darkCount ? brightSum / max(1, brightCount) : darkSum / max(1, darkCount)
        let background = UInt8(clamping: brightCount + darkCount > 0 ? mean : 255)
        for y in 0..<height {
            let inside = y >= margin && y < height - margin
            for x in 0..<width where !inside || x < margin || x >= width - margin {
                out[y * width + x] = background
            }
        }
        return UInt8(clamping: threshold)
    }
}

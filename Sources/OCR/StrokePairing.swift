/// Keeps the luma steps of one image row that pair with a step of the other direction nearby:
/// the two sides of a glyph stroke (``TextRegionDetector``'s edge marks). A lone step, the border
/// of a tag or box between two flat colours, has no partner and is dropped.
///
/// Works a whole row at a time with no branch per pixel: the steps of each direction are widened
/// to a window of `2 * pairing + 1` pixels by OR-ing shifted copies of the row (1, 2, 4, … pixels
/// apart, then two overlapping spans), and a step is kept where the window of the other direction
/// covers it. Every loop is a plain byte loop the compiler vectorises; a per-step scan (last and
/// next step of each kind) cost a branch per step, and text-dense rows have many.
struct StrokePairing {
    /// The row's steps with `pairing` bytes of zeros on both sides, then the windows built from them.
    private var widened: [UInt8] = []
    private var shifted: [UInt8] = []

    /// Writes to `marks` 1 for a rising step (`steps` 1) with a falling one at most `pairing`
    /// pixels away on either side, 3 for a falling step (`steps` 2) with a rising one that near,
    /// and 0 elsewhere.
    ///
    /// - Parameters:
    ///   - steps: `width` bytes, each 0 (no step), 1 (rising) or 2 (falling).
    ///   - marks: `width` bytes to write.
    mutating func mark(steps: UnsafePointer<UInt8>, width: Int, pairing: Int, into marks: UnsafeMutablePointer<UInt8>) {
        typealias Bytes = SIMD16<UInt8>
        guard width > 0 else { return }
        let radius = max(0, pairing)
        let count = width + 2 * radius
        // Only the padding around the steps needs zeros: each pass below writes all `count`
        // bytes of its target before the next reads them.
        widened.growZeroed(to: count)
        shifted.growZeroed(to: count)
        let window = 2 * radius + 1
        widened.withUnsafeMutableBufferPointer { widened in
            shifted.withUnsafeMutableBufferPointer { shifted in
                guard var source = widened.baseAddress, var target = shifted.baseAddress else { return }
                source.update(repeating: 0, count: radius)
                (source + radius).update(from: steps, count: width)
                (source + radius + width).update(repeating: 0, count: radius)
                // source[i] holds the OR of the `span` steps from padded position i.
                var span = 1
                while span * 2 <= window {
                    var index = 0
                    while index + Bytes.scalarCount <= count - span {
                        (Bytes(loadingFrom: source + index) | Bytes(loadingFrom: source + index + span)).store(to: target + index)
                        index += Bytes.scalarCount
                    }
                    while index < count {
                        target[index] = index + span < count ? source[index] | source[index + span] : source[index]
                        index += 1
                    }
                    swap(&source, &target)
                    span *= 2
                }
                // The window of pixel x starts at padded position x (image x - radius).
                let tail = window - span
                let rise = Bytes(repeating: 1), fall = Bytes(repeating: 2), zero = Bytes(repeating: 0), fallMark = Bytes(repeating: 3)
                var x = 0
                while x + Bytes.scalarCount <= width {
                    let near = Bytes(loadingFrom: source + x) | Bytes(loadingFrom: source + x + tail)
                    let step = Bytes(loadingFrom: steps + x)
                    let risingKept = (step .== rise) .& ((near & fall) .!= zero)
                    let fallingKept = (step .== fall) .& ((near & rise) .!= zero)
                    zero.replacing(with: rise, where: risingKept).replacing(with: fallMark, where: fallingKept).store(to: marks + x)
                    x += Bytes.scalarCount
                }
                while x < width {
                    let near = source[x] | source[x + tail]
                    let step = steps[x]
                    let rising: UInt8 = step == 1 && near & 2 != 0 ? 1 : 0
                    let falling: UInt8 = step == 2 && near & 1 != 0 ? 3 : 0
                    marks[x] = rising | falling
                    x += 1
                }
            }
        }
    }
}

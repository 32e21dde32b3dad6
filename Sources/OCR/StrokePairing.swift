import CKernels

/// Keeps the luma steps of one image row that pair with a step of the other direction nearby:
/// the two sides of a glyph stroke (``TextRegionDetector``'s edge marks). A lone step, the border
/// of a tag or box between two flat colours, has no partner and is dropped.
///
/// Works a whole row at a time with no branch per pixel (`lensd_stroke_pairs`, 16 or 32 bytes at a
/// time): the steps of each direction are widened to a window of `2 * pairing + 1` pixels by
/// OR-ing shifted copies of the row (1, 2, 4, … pixels apart, then two overlapping spans), and a
/// step is kept where the window of the other direction covers it. A per-step scan (last and next
/// step of each kind) cost a branch per step, and text-dense rows have many.
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
        guard width > 0 else { return }
        let radius = max(0, pairing)
        let count = width + 2 * radius
        // The kernel writes every byte of the scratch rows it reads.
        widened.growZeroed(to: count)
        shifted.growZeroed(to: count)
        widened.withUnsafeMutableBufferPointer { widened in
            shifted.withUnsafeMutableBufferPointer { shifted in
                guard let first = widened.baseAddress, let second = shifted.baseAddress else { return }
                lensd_stroke_pairs(steps, Int32(width), Int32(radius), first, second, marks)
            }
        }
    }
}

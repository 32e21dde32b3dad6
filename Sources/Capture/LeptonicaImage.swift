import CLeptonica

/// Owns one Leptonica `PIX*` and destroys it with `pixDestroy` when released.
///
/// Used by ``ImageLoader`` to decode (`pixReadMem`) and convert (`pixConvertTo8`) pictures.
final class LeptonicaImage {
    private var pointer: UnsafeMutablePointer<PIX>?

    /// Decodes `data` with `pixReadMem`; `nil` if Leptonica cannot read it.
    init?(decoding data: [UInt8]) {
        guard !data.isEmpty else { return nil }
        let decoded = data.withUnsafeBufferPointer { bytes in
            pixReadMem(bytes.baseAddress, bytes.count)
        }
        guard let decoded else { return nil }
        pointer = decoded
    }

    private init(taking pointer: UnsafeMutablePointer<PIX>) {
        self.pointer = pointer
    }

    deinit {
        pixDestroy(&pointer)
    }

    /// Bits per pixel (`pixGetDepth`).
    var depth: Int { Int(pixGetDepth(pointer)) }
    /// Width in pixels (`pixGetWidth`).
    var width: Int { Int(pixGetWidth(pointer)) }
    /// Height in pixels (`pixGetHeight`).
    var height: Int { Int(pixGetHeight(pointer)) }
    /// Whether a colour map is attached (`pixGetColormap`).
    var hasColormap: Bool { pixGetColormap(pointer) != nil }

    /// An 8-bit grey copy without colour map (`pixConvertTo8` with `cmapflag` 0): colour becomes
    /// luminance, other depths and colour maps become grey; alpha is ignored. `nil` on failure.
    func convertedToGray8() -> LeptonicaImage? {
        guard let converted = pixConvertTo8(pointer, 0) else { return nil }
        return LeptonicaImage(taking: converted)
    }

    /// The pixels of an 8 bpp image, row by row without padding (`pixGetData`, `pixGetWpl`).
    ///
    /// Leptonica stores each row as 32-bit words holding four pixels, leftmost in the most
    /// significant byte, so the words are read as integers, independent of machine byte order.
    func gray8Bytes() -> [UInt8] {
        let width = self.width
        let height = self.height
        let wordsPerLine = Int(pixGetWpl(pointer))
        guard depth == 8, width > 0, height > 0, let data = pixGetData(pointer) else { return [] }
        var bytes = [UInt8](repeating: 0, count: width * height)
        bytes.withUnsafeMutableBufferPointer { output in
            for y in 0..<height {
                let line = data + y * wordsPerLine
                let row = y * width
                for x in 0..<width {
                    let word = line[x >> 2]
                    output[row + x] = UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32(x & 3)))
                }
            }
        }
        return bytes
    }
}

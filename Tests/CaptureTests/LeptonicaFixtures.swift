import CLeptonica

/// Encodes small test pictures with Leptonica (`pixCreate`, `pixSetPixel`/`pixSetRGBPixel`,
/// `pixWriteMem`), so image tests read real PNG files.
enum LeptonicaFixtures {
    enum EncodingError: Error {
        case leptonicaFailed(String)
    }

    /// A PNG of `width`×`height` at `depth` bits per pixel; `value(x, y)` gives the raw pixel value
    /// for 1 and 8 bpp, or `0xRRGGBB` for 32 bpp.
    static func png(
        width: Int, height: Int, depth: Int32, value: (Int, Int) -> UInt32
    ) throws -> [UInt8] {
        guard let pix = pixCreate(Int32(width), Int32(height), depth) else {
            throw EncodingError.leptonicaFailed("pixCreate")
        }
        defer {
            var owned: UnsafeMutablePointer<PIX>? = pix
            pixDestroy(&owned)
        }
        for y in 0..<height {
            for x in 0..<width {
                let pixel = value(x, y)
                if depth == 32 {
                    pixSetRGBPixel(
                        pix, Int32(x), Int32(y), Int32((pixel >> 16) & 0xFF), Int32((pixel >> 8) & 0xFF),
                        Int32(pixel & 0xFF))
                } else {
                    pixSetPixel(pix, Int32(x), Int32(y), pixel)
                }
            }
        }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&data, &size, pix, Int32(IFF_PNG)) == 0, let data else {
            throw EncodingError.leptonicaFailed("pixWriteMem")
        }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// A binary PGM (P5) file with the given 8-bit pixels.
    static func pgm(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }
}

/// Reads an image file or in-memory bytes with Leptonica (PNG, JPEG, PNM, TIFF, BMP, GIF, WebP —
/// whatever `pixReadMem` decodes) into an 8-bit luma plane with `stride == width`.
///
/// Colour becomes luminance (`pixConvertTo8` → `pixConvertRGBToLuminance`); any other depth or
/// colour map becomes 8-bit grey; alpha is ignored.
public enum ImageLoader {
    /// Reads the file at `path` (with `open(2)`/`read(2)`, so failures carry `errno`) and decodes it.
    public static func loadLuma(
        path: String
    ) throws(ReplayError) -> (luma: [UInt8], width: Int, height: Int) {
        let reader = BufferedByteReader(
            file: try ReadableFileDescriptor(openingForReading: path), bufferSize: 1 << 16)
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { destination in
                Result { () throws(ReplayError) -> Int in try reader.read(into: destination) }
            }.get()
            data.append(contentsOf: chunk[..<count])
            if count < chunk.count { break }
        }
        return try loadLuma(data: data, name: path)
    }

    /// Decodes encoded image `data`; `name` is used in error messages.
    public static func loadLuma(
        data: [UInt8], name: String
    ) throws(ReplayError) -> (luma: [UInt8], width: Int, height: Int) {
        guard let decoded = LeptonicaImage(decoding: data) else {
            throw .imageDecodeFailed(path: name)
        }
        guard let gray = decoded.convertedToGray8(), gray.depth == 8, !gray.hasColormap else {
            throw .imageConversionFailed(path: name, depth: decoded.depth)
        }
        let width = gray.width
        let height = gray.height
        guard width > 0, height > 0 else {
            throw .invalidFrame(path: name, .nonPositiveSize(width: width, height: height))
        }
        return (gray.gray8Bytes(), width, height)
    }
}

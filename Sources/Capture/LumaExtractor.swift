/// Copies the 8-bit luma of a rectangle out of a captured buffer, without colour conversion.
public enum LumaExtractor {
    /// Bytes a buffer must hold so that `rect` can be read from it.
    public static func requiredBytes(layout: PixelFormat.LumaLayout, bytesPerLine: Int, rect: CropRect) -> Int {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        let lastRow = (rect.y + rect.height - 1) * bytesPerLine
        switch layout {
        case .plane:
            return lastRow + rect.x + rect.width
        case .packed(let offset):
            return lastRow + 2 * (rect.x + rect.width - 1) + offset + 1
        }
    }

    /// The luma of `rect`, row by row, `rect.width` bytes per row; `nil` when `buffer` is too short.
    public static func extract(
        from buffer: UnsafeRawBufferPointer, layout: PixelFormat.LumaLayout, bytesPerLine: Int, rect: CropRect
    ) -> [UInt8]? {
        guard rect.width > 0, rect.height > 0, rect.x >= 0, rect.y >= 0,
              buffer.count >= requiredBytes(layout: layout, bytesPerLine: bytesPerLine, rect: rect),
              let source = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let width = rect.width
        return [UInt8](unsafeUninitializedCapacity: width * rect.height) { output, initialised in
            guard let destination = output.baseAddress else { return }
            for row in 0..<rect.height {
                let line = source + (rect.y + row) * bytesPerLine
                let target = destination + row * width
                switch layout {
                case .plane:
                    target.initialize(from: line + rect.x, count: width)
                case .packed(let offset):
                    let start = line + 2 * rect.x + offset
                    for column in 0..<width {
                        (target + column).initialize(to: start[2 * column])
                    }
                }
            }
            initialised = width * rect.height
        }
    }
}

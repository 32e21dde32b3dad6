/// Builds YUV4MPEG2 byte streams for tests: a header line and frames whose luma plane is a known
/// pattern and whose trailing (chroma/alpha) planes are filled with a different value.
enum Y4MWriter {
    static func header(_ parameters: String) -> [UInt8] {
        Array("YUV4MPEG2 \(parameters)\n".utf8)
    }

    /// A luma plane whose bytes differ per frame and per position.
    static func luma(width: Int, height: Int, frame: Int) -> [UInt8] {
        (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ frame &* 31) }
    }

    static func frame(luma: [UInt8], trailingBytes: Int, marker: String = "FRAME") -> [UInt8] {
        Array("\(marker)\n".utf8) + luma + [UInt8](repeating: 0x80, count: trailingBytes)
    }

    /// A whole stream of `frames` frames.
    static func stream(
        width: Int, height: Int, frames: Int, parameters: String, trailingBytes: Int
    ) -> [UInt8] {
        var bytes = header("W\(width) H\(height) \(parameters)")
        for index in 0..<frames {
            bytes += frame(luma: luma(width: width, height: height, frame: index),
                           trailingBytes: trailingBytes)
        }
        return bytes
    }
}

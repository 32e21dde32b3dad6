/// What `lensd run --size WxH --fps N` asks of a camera; negotiation picks the closest mode offered.
public struct CaptureRequest: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var framesPerSecond: Double
    /// Insist on this pixel format when the device offers it (used to negotiate the same format
    /// again after a reconnect).
    public var pixelFormat: PixelFormat?

    public init(width: Int = 1280, height: Int = 720, framesPerSecond: Double = 30, pixelFormat: PixelFormat? = nil) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.pixelFormat = pixelFormat
    }

    /// Parses `WIDTHxHEIGHT` (e.g. `1280x720`); `nil` unless both are positive integers.
    public static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              width > 0, height > 0, width <= 16384, height <= 16384 else { return nil }
        return (width, height)
    }
}

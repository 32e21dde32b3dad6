/// A box normalised to the frame: 0…1, top-left origin.
public struct BoxMessage: Codable, Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Normalises a pixel box to a `frameWidth` x `frameHeight` frame, clipped to the frame, 4 decimals.
    public init(pixelX: Double, pixelY: Double, pixelWidth: Double, pixelHeight: Double, frameWidth: Int, frameHeight: Int) {
        let fw = Double(max(frameWidth, 1)), fh = Double(max(frameHeight, 1))
        let minX = min(max(pixelX / fw, 0), 1), minY = min(max(pixelY / fh, 0), 1)
        let maxX = min(max((pixelX + pixelWidth) / fw, 0), 1), maxY = min(max((pixelY + pixelHeight) / fh, 0), 1)
        x = Self.rounded(minX)
        y = Self.rounded(minY)
        width = Self.rounded(maxX - minX)
        height = Self.rounded(maxY - minY)
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }
}

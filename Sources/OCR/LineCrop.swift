/// Where a prepared line image came from: maps its pixels back to the source image.
///
/// A crop pixel `(cx, cy)` shows the source pixel `(originX + (cx - margin) / scale, originY + (cy - margin) / scale)`.
public struct LineCrop: Sendable, Hashable {
    /// The source rectangle that was cropped (the proposed line plus padding, clamped to the image).
    public var source: OCRRect
    /// Output pixels per source pixel.
    public var scale: Double
    /// Background-coloured pixels added on every side of the rescaled crop.
    public var margin: Int
    /// The prepared image's size.
    public var width: Int
    public var height: Int
    /// What the polarity step found (``LinePolarity/darkOnLight`` when it is switched off).
    public var polarity: LinePolarity
    /// Otsu's threshold of the prepared crop: pixels at or below it are ink.
    public var inkThreshold: UInt8

    public init(source: OCRRect, scale: Double, margin: Int, width: Int, height: Int, polarity: LinePolarity, inkThreshold: UInt8) {
        self.source = source
        self.scale = scale
        self.margin = margin
        self.width = width
        self.height = height
        self.polarity = polarity
        self.inkThreshold = inkThreshold
    }

    /// Maps a box in the prepared image back to source-image pixels.
    public func sourceBox(_ box: OCRRect) -> OCRRect {
        let x0 = Double(source.x) + Double(box.x - margin) / scale
        let y0 = Double(source.y) + Double(box.y - margin) / scale
        let x1 = Double(source.x) + Double(box.x + box.width - margin) / scale
        let y1 = Double(source.y) + Double(box.y + box.height - margin) / scale
        let left = Int(x0.rounded(.down)), top = Int(y0.rounded(.down))
        return OCRRect(x: left, y: top, width: max(0, Int(x1.rounded(.up)) - left), height: max(0, Int(y1.rounded(.up)) - top))
    }
}

import Foundation

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
    /// Radians the crop was rotated by about the centre of ``source`` (deskewing): crop rows run along
    /// this direction in the source image (y down). 0 when the line was not straightened.
    public var angle: Double

    public init(
        source: OCRRect, scale: Double, margin: Int, width: Int, height: Int, polarity: LinePolarity, inkThreshold: UInt8,
        angle: Double = 0
    ) {
        self.source = source
        self.scale = scale
        self.margin = margin
        self.width = width
        self.height = height
        self.polarity = polarity
        self.inkThreshold = inkThreshold
        self.angle = angle
    }

    /// Maps a box in the prepared image back to source-image pixels (the bounds of its rotated
    /// corners when the crop was straightened).
    public func sourceBox(_ box: OCRRect) -> OCRRect {
        if angle != 0 { return rotatedSourceBox(box) }
        let x0 = Double(source.x) + Double(box.x - margin) / scale
        let y0 = Double(source.y) + Double(box.y - margin) / scale
        let x1 = Double(source.x) + Double(box.x + box.width - margin) / scale
        let y1 = Double(source.y) + Double(box.y + box.height - margin) / scale
        let left = Int(x0.rounded(.down)), top = Int(y0.rounded(.down))
        return OCRRect(x: left, y: top, width: max(0, Int(x1.rounded(.up)) - left), height: max(0, Int(y1.rounded(.up)) - top))
    }

    private func rotatedSourceBox(_ box: OCRRect) -> OCRRect {
        let cosine = cos(angle), sine = sin(angle)
        let halfWidth = Double(source.width) / 2, halfHeight = Double(source.height) / 2
        let centreX = Double(source.x) + halfWidth, centreY = Double(source.y) + halfHeight
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cornerX, cornerY) in [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height), (box.x + box.width, box.y + box.height)] {
            let u = Double(cornerX - margin) / scale - halfWidth, v = Double(cornerY - margin) / scale - halfHeight
            let x = centreX + u * cosine - v * sine, y = centreY + u * sine + v * cosine
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        let left = Int(minX.rounded(.down)), top = Int(minY.rounded(.down))
        return OCRRect(x: left, y: top, width: max(0, Int(maxX.rounded(.up)) - left), height: max(0, Int(maxY.rounded(.up)) - top))
    }
}

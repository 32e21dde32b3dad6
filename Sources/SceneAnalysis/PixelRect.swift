/// An axis-aligned rectangle in image pixels, top-left origin.
///
/// Tracking works in the pixel space of the frame it was given; callers normalise
/// to 0…1 only when they publish a box.
public struct PixelRect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var area: Double { max(0, width) * max(0, height) }

    /// The smallest rectangle containing both.
    public func union(_ other: PixelRect) -> PixelRect {
        let minX = min(x, other.x), minY = min(y, other.y)
        return PixelRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// The overlapping part, or `nil` when the rectangles do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let minX = max(x, other.x), minY = max(y, other.y)
        let w = min(maxX, other.maxX) - minX, h = min(maxY, other.maxY) - minY
        guard w > 0, h > 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: w, height: h)
    }

    /// Intersection over union, 0…1.
    public func intersectionOverUnion(_ other: PixelRect) -> Double {
        guard let overlap = intersection(other) else { return 0 }
        let union = area + other.area - overlap.area
        return union > 0 ? overlap.area / union : 0
    }

    /// The rectangle moved by `(dx, dy)`.
    /// Whether the point lies inside (left and top edges included, right and bottom excluded).
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public func offsetBy(dx: Double, dy: Double) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}

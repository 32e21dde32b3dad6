/// A box in image pixels as Tesseract reports it: top-left origin, integer edges.
public struct OCRRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding both.
    public func union(_ other: OCRRect) -> OCRRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return OCRRect(
            x: x0, y: y0, width: max(x + width, other.x + other.width) - x0, height: max(y + height, other.y + other.height) - y0)
    }

    /// Pixels of the area the two rectangles share (0 when they do not overlap).
    public func intersectionArea(_ other: OCRRect) -> Int {
        let width = min(x + self.width, other.x + other.width) - max(x, other.x)
        let height = min(y + self.height, other.y + other.height) - max(y, other.y)
        return width > 0 && height > 0 ? width * height : 0
    }
}

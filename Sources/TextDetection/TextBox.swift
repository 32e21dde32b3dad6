import Foundation

/// A text region found by the detector: a rotated rectangle in image pixels.
///
/// The corners run clockwise in image coordinates (y down), from the one that is top-left when
/// the box is upright; the first edge, ``topLeft`` to ``topRight``, gives the box's ``width`` and
/// ``angle``.
public struct TextBox: Sendable, Hashable {
    public var topLeft: Point
    public var topRight: Point
    public var bottomRight: Point
    public var bottomLeft: Point
    /// Mean text probability inside the region (0…1).
    public var score: Double
    /// Whether the region reaches a part of the image that was not examined: its text may go on
    /// there (a detection restricted to regions).
    public var isCut: Bool

    /// A point in image pixels.
    public struct Point: Sendable, Hashable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point, score: Double, isCut: Bool = false) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
        self.score = score
        self.isCut = isCut
    }

    /// An upright box.
    public init(x: Double, y: Double, width: Double, height: Double, score: Double = 1, isCut: Bool = false) {
        self.init(
            topLeft: Point(x: x, y: y), topRight: Point(x: x + width, y: y), bottomRight: Point(x: x + width, y: y + height),
            bottomLeft: Point(x: x, y: y + height), score: score, isCut: isCut)
    }

    /// A box of `width` along `angle` (radians, y down) and `height` across it, centred on `center`.
    public init(center: Point, width: Double, height: Double, angle: Double, score: Double = 1, isCut: Bool = false) {
        let ux = cos(angle) * width / 2, uy = sin(angle) * width / 2
        let vx = -sin(angle) * height / 2, vy = cos(angle) * height / 2
        self.init(
            topLeft: Point(x: center.x - ux - vx, y: center.y - uy - vy), topRight: Point(x: center.x + ux - vx, y: center.y + uy - vy),
            bottomRight: Point(x: center.x + ux + vx, y: center.y + uy + vy), bottomLeft: Point(x: center.x - ux + vx, y: center.y - uy + vy),
            score: score, isCut: isCut)
    }

    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    public var center: Point {
        Point(x: (topLeft.x + topRight.x + bottomRight.x + bottomLeft.x) / 4, y: (topLeft.y + topRight.y + bottomRight.y + bottomLeft.y) / 4)
    }

    /// The length of the first edge.
    public var width: Double { hypot(topRight.x - topLeft.x, topRight.y - topLeft.y) }

    /// The length of the second edge.
    public var height: Double { hypot(bottomLeft.x - topLeft.x, bottomLeft.y - topLeft.y) }

    /// The direction of the first edge, in radians (y down: positive turns clockwise on screen).
    public var angle: Double { atan2(topRight.y - topLeft.y, topRight.x - topLeft.x) }

    /// The smallest upright rectangle holding the box.
    public var bounds: (x: Double, y: Double, width: Double, height: Double) {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return (x0, y0, (xs.max() ?? 0) - x0, (ys.max() ?? 0) - y0)
    }
}

import Foundation

/// How the image content moved between two frames, as a similarity transform of frame pixels:
/// what was at `(x, y)` is now at `(a·x − b·y + tx, b·x + a·y + ty)`, that is a shift, a zoom
/// (``scale``) and a turn (``rotation``) together.
///
/// A hand-held camera's motion from one frame to the next is close to one: besides the shift, its
/// zoom and roll move a box near the frame's border by a few pixels a frame, which a shift alone
/// would leave to add up until the overlay no longer sits on its price. ``MotionEstimator``
/// measures it; ``PriceTracker`` moves and scales the tracks' boxes by it.
public struct ImageMotion: Sendable, Hashable, CustomStringConvertible {
    /// `scale × cos(rotation)`.
    public var a: Double
    /// `scale × sin(rotation)`.
    public var b: Double
    /// Where the origin (the frame's top-left corner) went.
    public var tx: Double
    public var ty: Double

    /// No motion.
    public static let identity = ImageMotion(a: 1, b: 0, tx: 0, ty: 0)

    public init(a: Double, b: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.tx = tx
        self.ty = ty
    }

    /// A shift of every pixel by `(dx, dy)`.
    public init(dx: Double, dy: Double) {
        self.init(a: 1, b: 0, tx: dx, ty: dy)
    }

    /// A zoom by `scale` and a turn by `rotation` radians (positive turns the x axis towards y)
    /// about `centre`, followed by a shift of `(dx, dy)`: the point at `centre` moves by exactly
    /// `(dx, dy)`.
    public init(dx: Double, dy: Double, scale: Double, rotation: Double, about centre: (x: Double, y: Double)) {
        let a = scale * cos(rotation), b = scale * sin(rotation)
        self.init(a: a, b: b, tx: centre.x + dx - (a * centre.x - b * centre.y), ty: centre.y + dy - (b * centre.x + a * centre.y))
    }

    /// The zoom factor: above 1 when the content grows (the camera moved closer).
    public var scale: Double { (a * a + b * b).squareRoot() }

    /// The turn, in radians; positive turns the x axis towards y (clockwise on screen).
    public var rotation: Double { atan2(b, a) }

    /// Whether every component is a finite number.
    public var isFinite: Bool { a.isFinite && b.isFinite && tx.isFinite && ty.isFinite }

    /// Where the content at `(x, y)` is now.
    public func applied(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x - b * y + tx, b * x + a * y + ty)
    }

    /// How far the content at `(x, y)` moved.
    public func displacement(atX x: Double, y: Double) -> (dx: Double, dy: Double) {
        let moved = applied(x: x, y: y)
        return (moved.x - x, moved.y - y)
    }

    /// The box of what was in `rect`: its centre moved, its size scaled. It stays upright: a text
    /// line's box turned by a degree or two is still best described by an upright box that size.
    public func applied(to rect: PixelRect) -> PixelRect {
        let centre = applied(x: rect.midX, y: rect.midY)
        let scale = self.scale
        let width = rect.width * scale, height = rect.height * scale
        return PixelRect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
    }

    /// This motion followed by `next`.
    public func followed(by next: ImageMotion) -> ImageMotion {
        ImageMotion(
            a: next.a * a - next.b * b, b: next.a * b + next.b * a,
            tx: next.a * tx - next.b * ty + next.tx, ty: next.b * tx + next.a * ty + next.ty)
    }

    /// The motion that undoes this one, or `nil` if it collapses the image (zero scale).
    public var inverse: ImageMotion? {
        let norm = a * a + b * b
        guard norm > 0, norm.isFinite else { return nil }
        let ia = a / norm, ib = -b / norm
        return ImageMotion(a: ia, b: ib, tx: -(ia * tx - ib * ty), ty: -(ib * tx + ia * ty))
    }

    /// The same motion in coordinates `factor` times the frame's (`factor` 1/4 for a frame downscaled 4x).
    public func inCoordinates(scaledBy factor: Double) -> ImageMotion {
        ImageMotion(a: a, b: b, tx: tx * factor, ty: ty * factor)
    }

    public var description: String {
        String(format: "shift (%.2f, %.2f) scale %.4f rotation %.3f°", tx, ty, scale, rotation * 180 / .pi)
    }
}

/// What changed in a frame since the frame before it, as told by ``SceneChangeDetector``.
public struct SceneChange: Sendable {
    /// How far the image content moved since the previous frame (frame pixels; see
    /// `MotionEstimator`), `(0, 0)` for a still frame, `nil` when it could not be told.
    public var motion: (dx: Double, dy: Double)?
    /// Whether the frame matched its reference with no motion and no change in any cell.
    public var isStill: Bool
    /// Cells whose content differs from the reference frame's content moved by `motion`.
    public var changed: CellMask

    public init(motion: (dx: Double, dy: Double)?, isStill: Bool, changed: CellMask) {
        self.motion = motion
        self.isStill = isStill
        self.changed = changed
    }
}

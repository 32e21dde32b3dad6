/// What changed in a frame since the frame before it, as told by ``SceneChangeDetector``.
public struct SceneChange: Sendable {
    /// How the image content moved since the previous frame (frame pixels; see
    /// `MotionEstimator`), ``ImageMotion/identity`` for a still frame, `nil` when it could not be told.
    public var motion: ImageMotion?
    /// Whether the frame matched its reference with no motion and no change in any cell.
    public var isStill: Bool
    /// Cells whose content differs from the reference frame's content moved by `motion`.
    public var changed: CellMask

    public init(motion: ImageMotion?, isStill: Bool, changed: CellMask) {
        self.motion = motion
        self.isStill = isStill
        self.changed = changed
    }
}

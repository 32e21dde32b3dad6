/// What changed in a frame since the frame before it, as told by ``SceneChangeDetector``.
public struct SceneChange: Sendable {
    /// How the image content moved since the previous frame (frame pixels; see
    /// `MotionEstimator`), ``ImageMotion/identity`` for a still frame, `nil` when it could not be told.
    public var motion: ImageMotion?
    /// Whether the frame matched its reference with no motion and no change in any cell.
    public var isStill: Bool
    /// Cells whose content differs from the reference frame's content moved by `motion`, or that
    /// hold content from outside the reference: what is new to a reader.
    public var changed: CellMask
    /// The cells of `changed` that are new only because part of them came into view (the camera
    /// moved), while the rest of them matches the reference: text there that was in view before is
    /// the same text.
    public var cameIntoView: CellMask

    /// - Parameter cameIntoView: none when `nil`.
    public init(motion: ImageMotion?, isStill: Bool, changed: CellMask, cameIntoView: CellMask? = nil) {
        self.motion = motion
        self.isStill = isStill
        self.changed = changed
        self.cameIntoView = cameIntoView ?? CellMask(cellSize: changed.cellSize, columns: changed.columns, rows: changed.rows)
    }
}

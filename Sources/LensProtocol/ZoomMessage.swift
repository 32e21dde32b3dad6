/// The zoom in force: in `DEVICE` lines, `ACK` and `status` replies.
public struct ZoomMessage: Codable, Equatable, Sendable {
    public var level: Double
    public var min: Double
    public var max: Double
    /// `optical` (the camera's `V4L2_CID_ZOOM_ABSOLUTE`, its own units) or `digital` (centre crop, 1…4).
    public var kind: String

    public init(level: Double, min: Double, max: Double, kind: String) {
        self.level = level
        self.min = min
        self.max = max
        self.kind = kind
    }
}

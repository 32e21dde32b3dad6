import Capture

/// The zoom in force: in `DEVICE` lines, `ACK` and `status` replies.
struct ZoomMessage: Encodable, Equatable, Sendable {
    var level: Double
    var min: Double
    var max: Double
    /// `optical` (the camera's `V4L2_CID_ZOOM_ABSOLUTE`, its own units) or `digital` (centre crop, 1…4).
    var kind: String
}

extension ZoomMessage {
    init(_ state: ZoomState) {
        self.init(level: state.level, min: state.min, max: state.max, kind: state.kind.rawValue)
    }
}

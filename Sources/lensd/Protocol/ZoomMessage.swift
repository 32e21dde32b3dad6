import Capture

/// `zoom` in a `DEVICE` line: the level in effect, the range requests are clamped to, and how it zooms.
struct ZoomMessage: Encodable, Equatable {
    var level: Double
    var min: Double
    var max: Double
    /// `optical` (the camera's `V4L2_CID_ZOOM_ABSOLUTE`, its own units) or `digital` (centre crop, 1…4).
    var kind: String

    init(_ state: ZoomState) {
        level = state.level
        min = state.min
        max = state.max
        kind = state.kind.rawValue
    }
}

/// `torch` in a `DEVICE` line.
struct TorchMessage: Encodable, Equatable {
    var available: Bool
    var on: Bool

    init(_ state: TorchState) {
        available = state.available
        on = state.on
    }
}

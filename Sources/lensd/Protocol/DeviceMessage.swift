/// `DEVICE`: what frames come from and in which state that source is.
struct DeviceMessage: ProtocolMessage {
    enum State: String, Encodable {
        case active, inactive, denied, error
    }

    static let className = "DEVICE"
    /// `replay` for recorded frames, `v4l2` for a camera.
    var source: String
    var path: String
    var state: State
    var width: Int?
    var height: Int?
    var fps: Double?
    /// With `active`: the zoom in effect and its range.
    var zoom: ZoomMessage?
    /// With `active`: whether there is a torch and whether it is on.
    var torch: TorchMessage?
}

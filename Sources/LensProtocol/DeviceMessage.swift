/// `DEVICE`: what frames come from and in which state that source is.
public struct DeviceMessage: ProtocolMessage {
    public enum State: String, Codable, Sendable {
        case active, inactive, denied, error
    }

    public static let className = "DEVICE"
    /// `replay` for recorded frames, `v4l2` for a camera.
    public var source: String
    public var path: String
    public var state: State
    public var width: Int?
    public var height: Int?
    public var fps: Double?
    /// With `active`: the zoom in effect and its range.
    public var zoom: ZoomMessage?
    /// With `active`: whether there is a torch and whether it is on.
    public var torch: TorchMessage?

    public init(source: String, path: String, state: State, width: Int? = nil, height: Int? = nil, fps: Double? = nil, zoom: ZoomMessage? = nil, torch: TorchMessage? = nil) {
        self.source = source
        self.path = path
        self.state = state
        self.width = width
        self.height = height
        self.fps = fps
        self.zoom = zoom
        self.torch = torch
    }
}

/// What `lensd devices` lists about one `/dev/video*` node.
public struct DeviceInfo: Sendable, Equatable {
    public var path: String
    /// `VIDIOC_QUERYCAP`, `nil` when the node could not be opened or queried.
    public var capability: DeviceCapability?
    /// Capture formats with sizes and rates (empty for non-capture nodes).
    public var formats: [DeviceFormat]
    /// `V4L2_CID_ZOOM_ABSOLUTE`, when present.
    public var opticalZoom: ControlInfo?
    /// Whether `V4L2_CID_FLASH_LED_MODE` offers torch mode.
    public var hasTorch: Bool
    /// Why the node could not be examined, when it could not.
    public var error: V4L2Error?

    public init(path: String, capability: DeviceCapability?, formats: [DeviceFormat], opticalZoom: ControlInfo?,
                hasTorch: Bool, error: V4L2Error?) {
        self.path = path
        self.capability = capability
        self.formats = formats
        self.opticalZoom = opticalZoom
        self.hasTorch = hasTorch
        self.error = error
    }

    /// Whether lensd can capture from it (video capture with streaming I/O).
    public var canCapture: Bool {
        capability.map { $0.canCapture && $0.canStream } ?? false
    }
}

import CV4L2

/// A device's identity and abilities from `VIDIOC_QUERYCAP` (`struct v4l2_capability`).
public struct DeviceCapability: Sendable, Equatable {
    public var driver: String
    public var card: String
    public var busInfo: String
    /// `device_caps` when the driver fills it (`V4L2_CAP_DEVICE_CAPS`), else `capabilities`.
    public var capabilities: UInt32

    public init(driver: String, card: String, busInfo: String, capabilities: UInt32) {
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.capabilities = capabilities
    }

    init(_ raw: v4l2_capability) {
        driver = Self.string(raw.driver)
        card = Self.string(raw.card)
        busInfo = Self.string(raw.bus_info)
        capabilities = raw.capabilities & lensd_cap_device_caps != 0 ? raw.device_caps : raw.capabilities
    }

    /// Single-planar video capture (`V4L2_CAP_VIDEO_CAPTURE`), the API lensd uses.
    public var canCapture: Bool { capabilities & lensd_cap_video_capture != 0 }
    /// Memory-mapped streaming I/O (`V4L2_CAP_STREAMING`).
    public var canStream: Bool { capabilities & lensd_cap_streaming != 0 }

    /// A NUL-terminated C character array (imported as a tuple) as a `String`.
    static func string<Tuple>(_ tuple: Tuple) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

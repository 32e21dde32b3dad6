/// What a camera actually agreed to after `VIDIOC_S_FMT` and `VIDIOC_S_PARM`.
public struct NegotiatedFormat: Sendable, Equatable {
    public var pixelFormat: PixelFormat
    public var width: Int
    public var height: Int
    /// Bytes per row of the (first) plane, `v4l2_pix_format.bytesperline`.
    public var bytesPerLine: Int
    /// Buffer size the driver announced, `v4l2_pix_format.sizeimage`.
    public var imageSize: Int
    /// The frame rate in effect (`VIDIOC_G_PARM`), `nil` when the driver does not say.
    public var framesPerSecond: Double?
    /// Whether libv4lconvert produces this format from another.
    public var isEmulated: Bool

    public init(pixelFormat: PixelFormat, width: Int, height: Int, bytesPerLine: Int, imageSize: Int,
                framesPerSecond: Double?, isEmulated: Bool) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.imageSize = imageSize
        self.framesPerSecond = framesPerSecond
        self.isEmulated = isEmulated
    }
}

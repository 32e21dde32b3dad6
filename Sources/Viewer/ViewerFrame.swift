/// One processed frame as the viewer shows it: its luma plane and the prices drawn on it.
///
/// The pipeline hands the viewer every frame it shows prices for; the viewer keeps only the
/// latest and encodes it when a client asks (``FrameEncodingCache``).
public struct ViewerFrame: Sendable {
    /// `stride * height` bytes of 8-bit luma.
    public var luma: [UInt8]
    public var width: Int
    public var height: Int
    public var stride: Int
    /// The frame's sequence number, as in its `OVERLAYS` line.
    public var sequence: UInt64
    /// The prices shown on this frame.
    public var overlays: [ViewerOverlay]

    public init(luma: [UInt8], width: Int, height: Int, stride: Int, sequence: UInt64, overlays: [ViewerOverlay]) {
        self.luma = luma
        self.width = width
        self.height = height
        self.stride = stride
        self.sequence = sequence
        self.overlays = overlays
    }
}

/// One price drawn on an image: its box in the image's pixels and the label written above it.
public struct ViewerOverlay: Sendable, Equatable {
    /// How the price is drawn: the colour of its box.
    public enum Style: Sendable, Equatable {
        case tentative, confirmed, coasting, locked
    }

    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Printable ASCII (the built-in bitmap font has no other glyphs); other characters are
    /// replaced by ``AnnotatedImage``.
    public var label: String
    public var style: Style

    public init(x: Double, y: Double, width: Double, height: Double, label: String, style: Style) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.label = label
        self.style = style
    }
}

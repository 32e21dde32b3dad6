/// One captured picture: an 8-bit luma plane, row by row, `stride` bytes per row.
///
/// Produced by every ``FrameSource`` (replayed Y4M or image files, or a camera) and handed to OCR.
/// Chroma is never kept: OCR only needs luminance.
public struct Frame: Sendable {
    /// `stride * height` bytes of 8-bit luma; pixel `(x, y)` is at `y * stride + x`.
    public var luma: [UInt8]
    /// Visible pixels per row.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// Bytes per row in `luma` (at least `width`).
    public let stride: Int
    /// 0-based position in the source's read order.
    public var sequence: UInt64
    /// When the frame was captured (camera) or read (replay).
    public var timestamp: MonotonicInstant
    /// Whether the picture does not continue the one before it (a replay that started again):
    /// tracks and reads of earlier frames no longer match it.
    public var followsCut = false

    /// Builds a frame, checking that the geometry is positive and that `luma` holds exactly
    /// `stride * height` bytes.
    public init(
        luma: [UInt8],
        width: Int,
        height: Int,
        stride: Int,
        sequence: UInt64,
        timestamp: MonotonicInstant
    ) throws(FrameError) {
        guard width > 0, height > 0 else {
            throw .nonPositiveSize(width: width, height: height)
        }
        guard stride >= width else {
            throw .strideShorterThanWidth(stride: stride, width: width)
        }
        let (expected, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow else {
            throw .sizeOverflow(stride: stride, height: height)
        }
        guard luma.count == expected else {
            throw .lumaSizeMismatch(expected: expected, actual: luma.count)
        }
        self.luma = luma
        self.width = width
        self.height = height
        self.stride = stride
        self.sequence = sequence
        self.timestamp = timestamp
    }
}

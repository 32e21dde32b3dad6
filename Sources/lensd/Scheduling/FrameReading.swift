import OCR
import Tracking

/// A finished read applied to a later frame: lines read on the job's frame, the motion that moves
/// them into the current frame's pixels, and the parts of the job's frame that were read.
struct FrameReading: Sendable {
    var lines: [OCRLine]
    var offset: ImageMotion
    var observed: [PixelRect]
    /// Readings are applied to the tracker in passes, lower first: a second read of the same
    /// price (``OCRJobResult/confirmations``) must come after the first to count as another read.
    var pass = 0
}

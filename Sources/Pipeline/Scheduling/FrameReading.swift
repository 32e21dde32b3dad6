import OCR
import SceneAnalysis
import Tracking

/// A finished read applied to a later frame: lines read on the job's frame, the motion that moves
/// them into the current frame's pixels, and the parts of the job's frame that were read.
struct FrameReading: Sendable {
    var lines: [OCRLine]
    var offset: ImageMotion
    var observed: [PixelRect]
    /// Lines read while not yet in full view (closer to a side edge than two text heights): an
    /// amount with no currency marker read there may be the visible part of a longer text (`11.08`
    /// of `11.08.2026`, its end dropped by OCR as a partly visible glyph), so it is not used.
    var partial: [PixelRect] = []
    /// Prices read near the frame's right edge that end in their cents with a blank gap after them:
    /// their right end is not cut, however near the edge (``PriceStage/isCutOff``).
    var rightEndsShown: [PixelRect] = []
    /// Readings are applied to the tracker in passes, lower first: a second read of the same
    /// price (``OCRJobResult/confirmations``) must come after the first to count as another read.
    /// It counts only for a price with a currency marker (``PriceStage/confirmsOnItsFrame(_:)``).
    var pass = 0
}

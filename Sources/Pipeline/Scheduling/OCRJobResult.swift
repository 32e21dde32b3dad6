import OCR
import SceneAnalysis
import Tracking

/// What a worker found for one ``OCRJob``, in the pixels of the job's frame.
struct OCRJobResult: Sendable {
    let job: UInt64
    let kind: OCRJob.Kind
    let frameSequence: UInt64
    let frameTime: Double
    let frameWidth: Int
    let frameHeight: Int
    var lines: [OCRLine] = []
    /// A second read of each price found on `lines`, cropped around the price as a track is
    /// verified: it stands for the tentative track's second read, which would otherwise cost a
    /// job of its own two frames later. A misread rarely repeats across two differently framed
    /// and scaled crops, but the pixels are the same, so this evidence is weaker than a read of
    /// the next frame.
    var confirmations: [OCRLine] = []
    /// A third read of each price whose second read gave another amount, from a crop framed
    /// differently again (applied after ``confirmations``).
    var tieBreaks: [OCRLine] = []
    /// The parts of the frame that were read, where a track not found counts as missed;
    /// empty for a whole-frame pass (it confirms what it reads but misses too much to end tracks).
    var observed: [PixelRect] = []
    /// Proposed lines cut by the frame's edge (a scan), to read again once they are in full view.
    var incomplete: [PixelRect] = []
    /// Scan: detected lines that reach the edge of the part of the frame examined (inside the
    /// frame): the next scan looks around them.
    var cutAtRegion: [PixelRect] = []
    /// Sweep (a whole-frame job with the detector): lines queued to be read.
    var queuedReads = 0
    /// Proposed lines a scan left unread as small print, each with the taller line beside it:
    /// read once that line is found to hold no price.
    var smallPrint: [SmallPrint.Line] = []
    /// Lines read while not yet in full view (see ``FrameReading/partial``).
    var partial: [PixelRect] = []
    /// Prices read near the frame's right edge whose right end is shown whole (see ``FrameReading/rightEndsShown``).
    var rightEndsShown: [PixelRect] = []
    /// The picture of each line of a read job, in order (see ``LineAppearance``).
    var appearances: [LineAppearance?] = []
    /// Lines read while cut by the frame's side (a read's `atEdge`): they still need reading once in view.
    var readAtEdge: [PixelRect] = []
    /// Crops around a price not yet confirmed (a second read, or a tentative track's verification)
    /// in which nothing was read: such a crop can fail where the proposed line read well (low
    /// light), so the next scan reads the line as proposed instead.
    var emptyCrops: [PixelRect] = []
    /// The boxes of the prices a whole-frame pass found, to tell whether it found any the line
    /// reads had not.
    var priceBoxes: [PixelRect] = []
    /// The job was dropped unread (its frame went stale, or the run is stopping).
    var dropped = false
    /// The job failed; the message says why.
    var failure: String?
}

import Capture
import OCR
import SceneAnalysis
import Tracking

/// One piece of OCR work on one frame, planned by ``OCRScheduler`` and run by a worker.
///
/// The job holds the frame (its luma array is shared, not copied) until a worker has read it.
struct OCRJob: Sendable {
    /// What to read.
    enum Kind: Sendable {
        /// Propose text lines over the frame and read those touching the `unread` cells (new or
        /// changed content); the reading is split into ``read(_:confirmed:)`` jobs. A proposed line
        /// that matches a `known` line (read before, moved into this frame) is not read again unless
        /// it touches a `forced` cell (one whose content changed, not only came into view) or is one
        /// of the `forcedLines` (due for a retry, or come further into view after being cut by the
        /// frame's edge): those name one line each, where forcing their cells would read the lines
        /// above and below as well. A line cut by the edge is read only once in view, unless it is
        /// one of the `edgeLines` (it stayed cut: what shows of it may hold a whole price).
        /// Prices in the `confirmed` tracks' boxes get no second read. A tag's small print is not
        /// read (``SmallPrint``), unless the taller line beside it is one of the `noPrice` lines
        /// (read before and found to hold no price: a heading over a menu's items).
        case scan(
            unread: CellMask, forced: CellMask, forcedLines: [PixelRect] = [], edgeLines: [PixelRect] = [], known: [PixelRect],
            confirmed: [PixelRect] = [], noPrice: [PixelRect] = [])
        /// Read these proposed lines, each as one line, and each price found on them a second time
        /// from a crop around it, unless it lies in one of the `confirmed` tracks' boxes. Amounts
        /// with no currency marker on the lines `besideCut` (next to a line still cut by the frame's
        /// edge, which may hold their marker) are not used. The lines `atEdge` are read while cut
        /// by the frame's side (scan's `edgeLines`): their words near that side are dropped.
        /// A line of `wordsBefore` whose prices were all read without a currency marker is read
        /// again joined to the short word before it (``WordBefore``).
        case read(
            [TextRegion], confirmed: [PixelRect] = [], besideCut: [PixelRect] = [], atEdge: [PixelRect] = [],
            wordsBefore: [WordBefore] = [])
        /// Read again the region of the track with this key (`TrackSummary.key`) around its box.
        case verify(key: Int, box: PixelRect)
        /// One sparse-text pass over the whole frame, for what the proposals miss (blur, odd layouts),
        /// with a second read of each price found outside the `confirmed` tracks' boxes, as
        /// ``read(_:confirmed:besideCut:)`` does. With the text detector, a sweep instead: the
        /// detector looks at the `band` (the whole frame when nil) again and the lines it finds
        /// there that are not `known` are read, in read jobs of this priority.
        case wholeFrame(confirmed: [PixelRect] = [], known: [PixelRect] = [], band: PixelRect? = nil)

        /// The kind's name in `STATS` (`ocr_jobs`).
        var name: String {
            switch self {
            case .scan: "scan"
            case .read: "read"
            case .verify: "verify"
            case .wholeFrame: "whole_frame"
            }
        }
    }

    /// A proposed line and a short word proposed apart before it on the same text line, further
    /// than words are joined (``TextRegionDetector``) but near enough to be its currency marker:
    /// a monospaced `GBP  71.99` printed with two spaces is proposed as `GBP` and `71.99`.
    struct WordBefore: Sendable, Equatable {
        /// The line read (the amount).
        var line: PixelRect
        /// The line and the word before it, as one region.
        var joined: TextRegion
    }

    /// Lower runs first: new regions, then tentative tracks, then confirmed ones, then whole frames.
    enum Priority: Int, Comparable, Sendable {
        case newRegions = 0
        case tentative = 1
        case verification = 2
        case wholeFrame = 3

        static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    }

    /// Given by the queue when the job is pushed; results are applied in this order.
    var id: UInt64 = 0
    let kind: Kind
    /// Set by the planner; a `--fast` frame that waits for all its jobs (the first, the last, every
    /// one at `--read-lag 0`) raises its whole-frame pass to ``Priority/newRegions`` (see
    /// ``OCRJobQueue/precedes(_:_:)``).
    var priority: Priority
    let frame: Frame
    /// The frame's time on the stream's clock (seconds since the first frame).
    let time: Double
}

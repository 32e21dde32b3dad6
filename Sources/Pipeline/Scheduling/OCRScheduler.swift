import Capture
import Foundation
import OCR
import PriceParsing
import SceneAnalysis
import TextDetection
import Tracking

/// Decides, frame by frame, what the OCR workers read, so that two cores keep up with a camera:
///
/// 1. **New regions** (highest priority): cells that came into view or changed in a way the camera
///    motion does not explain (``SceneChangeDetector``) are gathered in an *unread* mask that moves
///    with the image; whenever no scan is running, one ``OCRJob/Kind/scan(unread:forced:known:)``
///    takes the whole mask. Content that only moved is never read again: lines already read are
///    remembered and moved with the image, and a scan skips them unless their cells' content
///    changed (a cell at the frame's border that only gained a strip of new view does not count;
///    a change under a line read less than ``Configuration/contentRereadAge`` ago waits until then,
///    as a hand-held camera's blur and sway change some pixels of every line on most frames; a
///    line whose read showed nothing a price could be made of, a product name or an article
///    number (``isSettled(_:)``), is read again only once its picture shows other text
///    (``LineAppearance``), and stays known as long as it does not). A tag's small print, the
///    lines right above and below a much taller line, is left unread (``SmallPrint``) until
///    that line is read and holds no price.
/// 2. **Tentative tracks**: read again (up to ``Configuration/tentativeAttempts`` times, the first
///    ``Configuration/firstRetryDelay`` after the read, then ``Configuration/retryInterval`` apart),
///    so a new price is confirmed by a second read within a few frames; tracks whose currency was
///    only assumed are read again as often (from the start ``Configuration/retryInterval`` apart:
///    reads of the next frames fail to read the marker together), for the marker.
/// 3. **Confirmed tracks** in turn, the one read longest ago first, each at most once every
///    ``Configuration/verifyInterval`` seconds and one at a time: a wrong or replaced value is
///    corrected without re-reading everything. Locked tracks are never read.
/// 4. **Retries**: a line read with no track on it is read again, more often when its read looks
///    like a misread price (``Configuration/retriesWhenPriceLike``, see ``PriceLikeText``). A
///    settled line is not read again then: the scan only proposes lines around it once more.
/// 5. **A whole-frame pass** when no other work waits and no scan runs (or it has waited twice its
///    interval), at most every
///    ``Configuration/wholeFrameInterval`` seconds while the picture changes (and every
///    ``Configuration/stillWholeFrameInterval`` while it is still): it finds text the line
///    proposals miss, such as motion-blurred prices. A pass that finds no price off the tracks
///    (other than those the previous pass found there) doubles the interval (up to the still
///    one) until one does.
///
/// Work for frames that went stale is dropped by the ``OCRJobQueue``; ``completed(_:offset:)`` then
/// marks its cells unread again. Runs on the frame thread only; not thread-safe.
public struct OCRScheduler {
    /// Tuning of the schedule.
    public struct Configuration: Sendable {
        public init() {}

        public var verifyInterval = 3.0
        var tentativeAttempts = 5
        public var wholeFrameInterval = 1.5
        var stillWholeFrameInterval = 20.0
        /// Whether to plan whole-frame passes at all.
        public var wholeFramePasses = true
        /// With the text detector, whole-frame passes are sweeps: the detector looks again at one
        /// band of the frame this many pixels high at a time, in turn (``OCRJob/Kind/wholeFrame(confirmed:known:band:)``).
        /// `nil`: one Tesseract pass over the whole frame.
        public var sweepBandHeight: Int? = nil
        /// Times a line read with no price found on it is read again (a read can fail on noise or
        /// blur that the next frames do not have), and the seconds between those reads: more often
        /// for a line whose read looks like a price (``PriceLikeText``).
        var retries = 1
        var retriesWhenPriceLike = 4
        var retryInterval = 0.15
        /// Whether a retry of a line the detector found reads that line again directly, on the
        /// newest frame along its detected box moved with the image, settled lines too (a shelf
        /// tag's bold digits misread as letters look settled), instead of marking it for the next
        /// scan, which would run the detector there again.
        public var retriesReadDetectedLines = false
        /// Seconds a line read stays known: a scan touching it within that time does not read it
        /// again unless its content changed. Known for longer, it is read again when a scan touches
        /// it, so a read that failed without leaving a track (a tentative price never confirmed)
        /// gets another chance at most this often.
        var knownLineLifetime = 1.0
        /// Seconds after its read before a line is read again because its content changed: a
        /// hand-held camera's blur and sway change the pixels of every line a little on most frames.
        /// A change is held back until then, not dropped.
        var contentRereadAge = 0.3
        /// The first retry comes sooner (the next frames differ in noise and blur); later ones
        /// back off, doubling from `retryInterval`.
        var firstRetryDelay = 0.05
        /// Seconds a line cut by the frame's edge may stay there before it is read as it is: what
        /// shows of it may hold a whole price (a still camera, or a neighbouring tag's glyph at
        /// the edge that the line detector joined to a price line). Prices that may be cut are
        /// not shown (`PriceStage.isCutOff`). 0.1 s: 0.2 s showed seed-11 blur's `1 791 Kč` three
        /// frames later (recall 0.931 against 0.945), for 1-2 % fewer read jobs.
        var edgeDwell = 0.1
        /// With the text detector: the most squares of the finest level's tile grid one scan
        /// covers (``ScanBudget``), live and in `--fast` replays alike. `nil`: a scan covers
        /// everything unread (the line finder's, which proposes lines over the whole frame).
        public var scanBlocks: Int? = nil
        /// With ``scanBlocks``: a square is scanned once this share of its cells is unread, or
        /// once its unread cells have waited ``ripeAge`` seconds, or at once when it holds a
        /// forced cell or the camera keeps still. On a pan the incoming edge's squares gain a
        /// sliver every frame, and a scan of a sliver detects a whole square to find nothing
        /// whole in it: they wait until a word's width has come in.
        var ripeShare = 0.3
        var ripeAge = 0.3
        /// Scans running at once: one (the next one then covers everything that changed meanwhile).
        var concurrentScans = 1
        /// Live runs: no scan is planned while more reads of new regions than this wait. A scan
        /// goes before every read in the queue (``OCRJobQueue``); under load, one planned on every
        /// frame queued reads of lines whose reads were still waiting, and the queue held 53 jobs
        /// and their frames. Held back, the next scan covers all the cells that changed meanwhile.
        /// `--fast` replays count none waiting: their output must not depend on the workers' timing.
        var maximumWaitingReads: Int? = 2
        /// In a `--fast` replay, reads planned on frame N are applied on frame N + this, as a live
        /// run applies them when they finish: about 67 ms at 30 fps. 0 (`--read-lag 0`): each
        /// frame waits for its own reads, so its overlays show what is on it (offline annotation
        /// of recorded frames), at the cost of the workers' overlap with the frame thread.
        public var fastLagFrames: UInt64 = 2
        /// In a `--fast` replay, a whole-frame pass planned on frame N is applied on frame N +
        /// this (`--pass-lag`), when more than ``fastLagFrames``: about as long as a pass takes at
        /// `--fast`'s own pace (``ReadLag``).
        public var fastPassLagFrames: UInt64 = ReadLag.defaultPassFrames
    }

    /// A line read with no track on it, to read again later (or, once read `limit` times, not again).
    private struct Retry {
        var line: PixelRect
        var due: Double
        var attempts: Int
        var limit: Int
        /// Whether the retry reads the line itself. A settled line's (``isSettled(_:)``) only has
        /// the next scan propose lines around it again, where one missed beside it may be found;
        /// the line stays known and is read again only as known lines are, for a change of what
        /// it shows.
        var readsLine = true
        /// The detector's box of the line, in the current frame's pixels, when a detector found it.
        var detected: TextBox?
    }

    let configuration: Configuration
    private var unread: CellMask?
    /// The cells of `unread` whose content changed (or that must be read again for another reason:
    /// a retry, a line come into full view, a dropped job): lines there are read even if known.
    private var forced: CellMask?
    /// Lines to read again even if known (due for a retry, or a cut line come further into
    /// view), in the current frame's pixels: passed to the next scan as lines, not cells.
    private var forcedLines: [PixelRect] = []
    /// Cut lines to read as they are, in the current frame's pixels (see ``Configuration/edgeDwell``).
    private var edgeLines: [PixelRect] = []
    /// Cells whose content changed under a line read less than ``Configuration/contentRereadAge``
    /// ago: forced once the line is old enough (see `releaseContentChanges(at:)`).
    private var heldContent: CellMask?
    /// Lines read in the last ``Configuration/knownLineLifetime`` seconds, in the current frame's
    /// pixels, with the time of the frame they were read on; at most ``knownLineLimit``, oldest first.
    /// A line whose read showed nothing a price could be made of (``isSettled(_:)``) keeps its
    /// picture and stays known, whatever its age, while it still shows the same text.
    private var knownLines: [KnownLine] = []

    /// A line read, in the current frame's pixels.
    private struct KnownLine {
        var line: PixelRect
        /// The time of the frame it was read on.
        var readAt: Double
        /// Whether its read looked like a price (``PriceLikeText``).
        var priceLike: Bool
        /// Its picture when read, for a settled line (``isSettled(_:)``); `nil` otherwise.
        var appearance: LineAppearance?
        /// Whether its read held no price, nor anything a price could be made of: the lines
        /// beside it are then no small print (``SmallPrint``).
        var heldNoPrice: Bool
        /// The last time a settled line was seen to show the same text: it is compared again
        /// only ``Configuration/contentRereadAge`` later (the frame thread's time).
        var lookedSameAt: Double

        /// Whether it still shows the text it was read with at `time`: only a settled line can
        /// tell. Its picture is compared with `frame` no more often than every `interval`; in
        /// between it counts as unchanged.
        mutating func stillShowsItsText(in frame: Frame, at time: Double, interval: Double) -> Bool {
            guard let appearance else { return false }
            if time - lookedSameAt < interval { return true }
            guard OCRScheduler.shows(appearance, at: line, in: frame) else { return false }
            lookedSameAt = time
            return true
        }
    }
    private static let knownLineLimit = 256
    /// Motion not yet applied to `unread` (less than a cell), frame pixels.
    private var pendingShift = (dx: 0.0, dy: 0.0)
    /// The content's recent motion at the frame's centre, pixels a frame (smoothed).
    private var velocity = (dx: 0.0, dy: 0.0)
    private var scansRunning = 0
    /// When each square of the scan grid (``ScanBudget``, index row by row) last went from read
    /// to holding unread cells: frame time.
    private var unreadSince: [Int: Double] = [:]
    private var wholeFrameRunning = false
    /// The band of the frame the next sweep looks at (``Configuration/sweepBandHeight``).
    private var nextSweepBand = 0
    private var lastWholeFrameAt = -Double.infinity
    /// The interval between whole-frame passes while the picture changes, as a multiple of
    /// ``Configuration/wholeFrameInterval``: doubled after each pass that found nothing new.
    private var wholeFrameBackoff = 1.0
    /// The tracks' boxes at the last plan, to tell whether a whole-frame pass found anything new,
    /// and those of the confirmed ones.
    private var trackBoxes: [PixelRect] = []
    private var confirmedBoxes: [PixelRect] = []
    /// The prices the last whole-frame pass found away from the tracks, moved with the image: found
    /// again by the next pass (a misread that never becomes a track), they are nothing new.
    private var offTrackPrices: [PixelRect] = []
    /// The boxes of the tracks whose currency was read, not assumed.
    private var markedTrackBoxes: [PixelRect] = []
    private var changedSinceWholeFrame = true
    private var verifying: Set<Int> = []
    private var lastVerifiedAt: [Int: Double] = [:]
    private var tentativeReads: [Int: Int] = [:]
    /// Lines read while cut by the frame's edge, moved with the image until they are in full view.
    private var cutLines: [CutLine] = []

    /// A line read while cut by the frame's edge. It is read again once half a text height inside
    /// the frame (a line with a currency marker on the open side is then whole) and, unless it is
    /// then in full view or a price with a read currency stands on it, once more two text heights
    /// inside (an unmarked amount whose marker may have been outside; see `PriceStage.isCutOff`).
    /// Once done it stays listed (`marginHeights` infinite) while in the frame, so that the scans
    /// that see it near the edge again, as a hand-held camera sways, do not start it over.
    private struct CutLine {
        var line: PixelRect
        var marginHeights: Double
        /// The line as it was last read (the proposal read, moved with the image): a later view
        /// cut by the edge again that shows nothing beyond it (the camera swayed out and back)
        /// does not set its progress back.
        var read: PixelRect? = nil
        /// Whether that read looked like a price (``PriceLikeText``).
        var readLookedLikePrice = false
        /// The time of the frame it was first seen on, and whether it is still to be read as it
        /// is, cut, should it stay at the edge for ``Configuration/edgeDwell`` (not once it has
        /// been read so, or has come into view for a read).
        var seenAt: Double
        var edgeReadDue = true
        /// The time of the last frame planned before its progress last advanced: a scan of that
        /// frame or an earlier one saw the line before it came that far in, and does not set the
        /// progress back (with `--fast`'s read lag, the scan of two frames before did so on every
        /// frame, and the line was read on each).
        var advancedAfter = -Double.infinity
        static let done = Double.infinity
    }
    private static let cutLineLimit = 256
    /// Lines scans left unread as a tag's small print (``SmallPrint``), in the current frame's
    /// pixels: read once the taller line beside them is found to hold no price.
    private var smallPrint: [SmallPrint.Line] = []
    private static let smallPrintLimit = 256
    /// The time of the frame last planned (``plan(frame:time:tracks:queueEmpty:readsWaiting:)``).
    private var lastPlannedAt = -Double.infinity
    private var retries: [Retry] = []

    init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// Starts over, as after a camera switch: everything is unread.
    mutating func reset() {
        self = OCRScheduler(configuration: configuration)
    }

    /// Folds one frame's change into the unread mask.
    mutating func observe(_ change: SceneChange, width: Int, height: Int) {
        let cellSize = change.changed.cellSize
        guard var mask = unread, var must = forced, mask.cellSize == cellSize, mask.columns == change.changed.columns,
              mask.rows == change.changed.rows
        else {
            unread = CellMask(cellSize: cellSize, frameWidth: width, frameHeight: height, value: true)
            forced = unread
            heldContent = CellMask(cellSize: cellSize, frameWidth: width, frameHeight: height)
            knownLines = []
            pendingShift = (0, 0)
            changedSinceWholeFrame = true
            return
        }
        if let motion = change.motion {
            for index in cutLines.indices {
                cutLines[index].line = motion.applied(to: cutLines[index].line)
                cutLines[index].read = cutLines[index].read.map { motion.applied(to: $0) }
            }
            for index in retries.indices {
                retries[index].line = motion.applied(to: retries[index].line)
                retries[index].detected = retries[index].detected.map { Self.moved($0, by: motion) }
            }
            forcedLines = forcedLines.map { motion.applied(to: $0) }
            smallPrint = smallPrint.map { SmallPrint.Line(line: motion.applied(to: $0.line), beside: motion.applied(to: $0.beside)) }
            edgeLines = edgeLines.map { motion.applied(to: $0) }
            offTrackPrices = offTrackPrices.map { motion.applied(to: $0) }
            let frame = PixelRect(x: 0, y: 0, width: Double(width), height: Double(height))
            knownLines = knownLines.compactMap { known in
                let moved = motion.applied(to: known.line)
                guard moved.intersection(frame) != nil else { return nil }
                var known = known
                known.line = moved
                return known
            }
            // The mask moves by whole cells with the shift at the frame's centre: a zoom or turn
            // moves its border cells by a few pixels more, less than the cells themselves.
            let shift = motion.displacement(atX: Double(width) / 2, y: Double(height) / 2)
            velocity = (
                (1 - Self.velocitySmoothing) * velocity.dx + Self.velocitySmoothing * shift.dx,
                (1 - Self.velocitySmoothing) * velocity.dy + Self.velocitySmoothing * shift.dy)
            pendingShift.dx += shift.dx
            pendingShift.dy += shift.dy
            let columns = Int((pendingShift.dx / Double(cellSize)).rounded(.towardZero))
            let rows = Int((pendingShift.dy / Double(cellSize)).rounded(.towardZero))
            if columns != 0 || rows != 0 {
                mask = mask.shifted(columns: columns, rows: rows, fill: true)
                must = must.shifted(columns: columns, rows: rows, fill: true)
                heldContent = heldContent?.shifted(columns: columns, rows: rows, fill: false)
                pendingShift.dx -= Double(columns * cellSize)
                pendingShift.dy -= Double(rows * cellSize)
            }
        }
        if change.motion == nil {
            velocity = ((1 - Self.velocitySmoothing) * velocity.dx, (1 - Self.velocitySmoothing) * velocity.dy)
        }
        mask.formUnion(change.changed)
        var contentChanged = change.changed
        contentChanged.subtract(change.cameIntoView)
        heldContent?.formUnion(contentChanged)
        let frame = PixelRect(x: 0, y: 0, width: Double(width), height: Double(height))
        smallPrint.removeAll { $0.line.intersection(frame) == nil }
        cutLines = cutLines.compactMap { cut in
            guard cut.line.intersection(frame) != nil else { return nil }
            guard Self.isInView(cut.line, marginHeights: cut.marginHeights, width: width, height: height) else { return cut }
            // Two heights in: read again only for a marker the price on it may lack.
            let settled = markedTrackBoxes.contains { cut.line.contains(x: $0.midX, y: $0.midY) }
            var next = cut
            if cut.marginHeights >= 2, settled {
                next.marginHeights = CutLine.done
                return next
            }
            mask.set(cut.line)
            forcedLines.append(cut.line)
            next.edgeReadDue = false
            next.advancedAfter = lastPlannedAt
            let whole = Self.isInFullView(cut.line, width: width, height: height)
            next.marginHeights = cut.marginHeights < 2 && !whole ? 2 : CutLine.done
            return next
        }
        if !change.isStill { changedSinceWholeFrame = true }
        unread = mask
        forced = must
    }

    /// The squares of the scan grid ready for a scan (see ``Configuration/ripeShare``), after
    /// noting when each square with unread cells started waiting. Squares under a line asked
    /// for (a retry, a cut line come into view, an edge read) are ready at once.
    private mutating func ripeSquares(of mask: CellMask, budget: ScanBudget, frame: Frame, time: Double) -> Set<Int> {
        let unreadCells = budget.unreadCells(of: mask, width: frame.width)
        unreadSince = unreadSince.filter { unreadCells[$0.key] != nil }
        for square in unreadCells.keys where unreadSince[square] == nil { unreadSince[square] = time }
        let still = abs(velocity.dx) < ScanBudget.stillSpeed && abs(velocity.dy) < ScanBudget.stillSpeed
        var asked = CellMask(cellSize: mask.cellSize, columns: mask.columns, rows: mask.rows)
        for line in forcedLines + edgeLines { asked.set(line) }
        asked.formIntersection(mask)
        let forcedSquares = Set(budget.unreadCells(of: asked, width: frame.width).keys)
        let cellsPerSquare = Double(budget.block * budget.block) / Double(mask.cellSize * mask.cellSize)
        return Set(unreadCells.compactMap { square, count in
            let ripe = still || forcedSquares.contains(square) || Double(count) >= configuration.ripeShare * cellsPerSquare
                || time - (unreadSince[square] ?? time) >= configuration.ripeAge
            return ripe ? square : nil
        })
    }

    /// Weight of the newest frame's motion in ``velocity``.
    static let velocitySmoothing = 0.3

    /// Text heights from the left and right edges from which a line is read: a price whose
    /// currency marker closes it on the edge's side (`USD 72.99` coming in from the left) is whole
    /// there. One that ends in digits on that side is shown only from half a height on
    /// (`PriceStage.isCutOff`), and a line cut by the edge is read again there (see ``CutLine``).
    static let readingEdgeMargin = 0.2

    /// Text heights from the top and bottom edges from which a line is read: nearer, a proposal
    /// may have lost the tops or bottoms of its glyphs and read as nothing, and a line read then is
    /// not read again while nothing changes under it.
    static let verticalEdgeMargin = 0.2

    /// Whether a proposed line is at least `marginHeights` text heights from the left and right
    /// edges and ``verticalEdgeMargin`` from the top and bottom ones.
    static func isInView(_ line: PixelRect, marginHeights: Double, width: Int, height: Int) -> Bool {
        let margin = marginHeights * line.height
        let vertical = max(1, verticalEdgeMargin * line.height)
        return line.x >= margin && line.maxX <= Double(width) - margin && line.y >= vertical && line.maxY <= Double(height) - vertical
    }

    /// Whether a proposed line is far enough from the frame's edges to have been read whole even
    /// if it is an unmarked amount (two text heights; see `PriceStage.isCutOff`).
    static func isInFullView(_ line: PixelRect, width: Int, height: Int) -> Bool {
        isInView(line, marginHeights: 2, width: width, height: height)
    }

    /// The jobs to queue for this frame, given the tracks as they stand in this frame's pixels.
    /// - Parameters:
    ///   - queueEmpty: whether no job waits (a whole-frame pass only starts then).
    ///   - readsWaiting: reads of new regions waiting in the queue (see ``Configuration/maximumWaitingReads``).
    ///   - scansEverything: the scan takes everything unread, whatever ``Configuration/scanBlocks``
    ///     (a frame that waits for all its reads: a `--fast` replay's first and last).
    mutating func plan(
        frame: Frame, time: Double, tracks: [TrackSummary], queueEmpty: Bool, readsWaiting: Int = 0, scansEverything: Bool = false
    ) -> [OCRJob] {
        lastPlannedAt = time
        var jobs: [OCRJob] = []
        trackBoxes = tracks.map(\.box)
        markedTrackBoxes = tracks.filter { !$0.assumedCurrency }.map(\.box)
        confirmedBoxes = tracks.filter { $0.state != .tentative }.map(\.box)
        jobs += scheduleRetries(at: time, tracks: tracks, frame: frame)
        scheduleEdgeReads(at: time)
        releaseContentChanges(at: time, in: frame)
        let backlogged = configuration.maximumWaitingReads.map { readsWaiting > $0 } ?? false
        if scansRunning < max(1, configuration.concurrentScans), !backlogged, let mask = unread, !mask.isEmpty {
            let must = forced ?? mask
            // A settled line stays known while it still shows its text.
            knownLines = knownLines.compactMap { known in
                var known = known
                let kept = time - known.readAt <= configuration.knownLineLifetime
                    || known.stillShowsItsText(in: frame, at: time, interval: configuration.contentRereadAge)
                return kept ? known : nil
            }
            var taken = mask
            if let blocks = configuration.scanBlocks, !scansEverything {
                let block = TextLocator.Configuration.video(width: frame.width, height: frame.height).finestBlock
                let budget = ScanBudget(blocks: blocks, block: block)
                taken = budget.firstRead(
                    of: mask, velocity: velocity, width: frame.width, height: frame.height,
                    ripe: ripeSquares(of: mask, budget: budget, frame: frame, time: time))
                for square in budget.unreadCells(of: taken, width: frame.width).keys { unreadSince[square] = nil }
            }
            if !taken.isEmpty {
            var left = mask, leftForced = must, takenForced = must
            left.subtract(taken)
            leftForced.subtract(taken)
            takenForced.subtract(left)
            jobs.append(OCRJob(
                kind: .scan(
                    unread: taken, forced: takenForced, forcedLines: forcedLines.filter { taken.intersects($0) },
                    edgeLines: edgeLines.filter { taken.intersects($0) }, known: knownLines.map(\.line),
                    confirmed: confirmedBoxes, noPrice: knownLines.filter(\.heldNoPrice).map(\.line)),
                priority: .newRegions, frame: frame, time: time))
            unread = left
            forced = leftForced
            forcedLines.removeAll { taken.intersects($0) }
            edgeLines.removeAll { taken.intersects($0) }
            scansRunning += 1
            }
        }
        let live = Set(tracks.map(\.key))
        lastVerifiedAt = lastVerifiedAt.filter { live.contains($0.key) }
        tentativeReads = tentativeReads.filter { live.contains($0.key) }
        // Tentative tracks, and tracks whose currency was only assumed (the marker may be read next time).
        for track in tracks where (track.state == .tentative || track.assumedCurrency) && !track.locked && !verifying.contains(track.key) {
            let attempts = tentativeReads[track.key, default: 0]
            guard attempts < configuration.tentativeAttempts else { continue }
            // Reads of nearly the same frame fail together: space them out like retries (the first
            // read of a new price comes sooner, as the first retry does).
            let spacing = attempts == 0 && track.state == .tentative ? configuration.firstRetryDelay : configuration.retryInterval
            if time - (lastVerifiedAt[track.key] ?? track.lastReadAt) < spacing { continue }
            tentativeReads[track.key] = attempts + 1
            verifying.insert(track.key)
            jobs.append(OCRJob(kind: .verify(key: track.key, box: track.box), priority: .tentative, frame: frame, time: time))
            // Its proposed line too, on the next scan: a crop around small text often misreads
            // where the line reads well (`96,49 €` on small print: crops `196,49 €,`, `56.49 &`).
            if track.state == .tentative, var mask = unread {
                mask.set(track.box)
                unread = mask
                forcedLines.append(track.box)
            }
        }
        let confirmedVerifying = tracks.contains { $0.state != .tentative && verifying.contains($0.key) }
        if !confirmedVerifying {
            let due = tracks
                .filter { $0.state != .tentative && !$0.locked }
                .map { (track: $0, since: lastVerifiedAt[$0.key] ?? $0.lastReadAt) }
                .filter { time - $0.since >= configuration.verifyInterval }
                .min { $0.since < $1.since }
            if let due {
                verifying.insert(due.track.key)
                jobs.append(OCRJob(kind: .verify(key: due.track.key, box: due.track.box), priority: .verification, frame: frame, time: time))
            }
        }
        // Whole frames wait until new regions have been read (the pass holds a worker for a third
        // of a second or more), unless that has kept them waiting for twice their interval.
        if configuration.wholeFramePasses, !wholeFrameRunning {
            let changing = min(configuration.stillWholeFrameInterval, configuration.wholeFrameInterval * wholeFrameBackoff)
            let interval = changedSinceWholeFrame ? changing : configuration.stillWholeFrameInterval
            let idle = queueEmpty && scansRunning == 0 && jobs.isEmpty
            if time - lastWholeFrameAt >= (idle ? interval : 2 * interval) {
                wholeFrameRunning = true
                changedSinceWholeFrame = false
                lastWholeFrameAt = time
                var band: PixelRect?
                if let bandHeight = configuration.sweepBandHeight, bandHeight > 0 {
                    let bands = max(1, (frame.height + bandHeight - 1) / bandHeight)
                    let index = nextSweepBand % bands
                    nextSweepBand = index + 1
                    band = PixelRect(x: 0, y: Double(index * bandHeight), width: Double(frame.width), height: Double(min(bandHeight, frame.height - index * bandHeight)))
                }
                jobs.append(OCRJob(
                    kind: .wholeFrame(confirmed: confirmedBoxes, known: knownLines.map(\.line), band: band), priority: .wholeFrame, frame: frame,
                    time: time))
            }
        }
        return jobs
    }

    /// Takes note of a finished or dropped job.
    /// - Parameter offset: how content moved from the job's frame to the current one.
    mutating func completed(_ result: OCRJobResult, offset: ImageMotion) {
        // A crop that read nothing sends its line back to the scan, unless the price there is
        // confirmed by now (its line was read again): that would read the line on every frame.
        markUnread(result.emptyCrops.filter { crop in
            let moved = offset.applied(to: crop)
            return !confirmedBoxes.contains { $0.contains(x: moved.midX, y: moved.midY) }
        }, offset: offset)
        switch result.kind {
        case .scan(let mask, _, let lines, let atEdge, _, _, _):
            scansRunning -= 1
            // A line the detection cut where it stopped looking: looked at again around it.
            if !result.dropped, !result.cutAtRegion.isEmpty {
                markUnread(result.cutAtRegion.map { line in
                    PixelRect(x: line.x - 2 * line.height, y: line.y - line.height, width: line.width + 4 * line.height, height: 3 * line.height)
                }, offset: offset)
            }
            if result.dropped {
                markUnread(mask.runs, offset: offset)
                forcedLines += lines.map { offset.applied(to: $0) }
                edgeLines += atEdge.map { offset.applied(to: $0) }
            }
            for line in result.incomplete {
                let moved = offset.applied(to: line)
                let width = result.frameWidth, height = result.frameHeight
                // The same line seen by an earlier scan keeps its progress, unless this newer view
                // shows it clearly less far in than that progress assumed (it was predicted into
                // view from a cut part, or the camera swung back): with some slack, so that a line
                // swaying about a margin is not read on every crossing.
                if let index = cutLines.firstIndex(where: { $0.line.intersectionOverUnion(moved) >= OCRJobRunner.sameLineOverlap }) {
                    cutLines[index].line = moved
                    // Nothing more than half a height past what was read: the camera swayed out
                    // and back (text that came into view since makes the line longer than that).
                    // Unless the read looked like a price and no track stands on the line any more:
                    // a track ends once its price is partly out of view (`USD 142.79` and `£65`
                    // on handheld-1280 came back in and were shown 12 and 17 frames late, or not).
                    if let read = cutLines[index].read, OCRJobRunner.lies(moved, within: read),
                       !cutLines[index].readLookedLikePrice || trackBoxes.contains(where: { moved.contains(x: $0.midX, y: $0.midY) }) {
                        continue
                    }
                    guard result.frameTime > cutLines[index].advancedAfter else { continue }
                    if !Self.isInView(line, marginHeights: Self.readingEdgeMargin, width: width, height: height) {
                        cutLines[index].marginHeights = 0.5
                    } else if !Self.isInView(line, marginHeights: 1.5, width: width, height: height) {
                        cutLines[index].marginHeights = min(cutLines[index].marginHeights, 2)
                    }
                    continue
                }
                let half = Self.isInView(line, marginHeights: 0.5, width: width, height: height)
                cutLines.append(CutLine(line: moved, marginHeights: half ? 2 : 0.5, seenAt: result.frameTime))
            }
            if cutLines.count > Self.cutLineLimit { cutLines.removeFirst(cutLines.count - Self.cutLineLimit) }
            if !result.dropped {
                for skipped in result.smallPrint {
                    let line = offset.applied(to: skipped.line)
                    smallPrint.removeAll { $0.line.intersectionOverUnion(line) >= OCRJobRunner.sameLineOverlap }
                    smallPrint.append(SmallPrint.Line(line: line, beside: offset.applied(to: skipped.beside)))
                }
                if smallPrint.count > Self.smallPrintLimit { smallPrint.removeFirst(smallPrint.count - Self.smallPrintLimit) }
            }
        case .read(let regions, _, _, _, _):
            let originals = regions.map { OCRJobRunner.rect($0.box) }
            if result.dropped {
                markUnread(originals, offset: offset)
            } else {
                for (position, original) in originals.enumerated() {
                    // A cut line read as it is (``Configuration/edgeDwell``) is still read once in view.
                    guard !result.readAtEdge.contains(original) else { continue }
                    let line = offset.applied(to: original)
                    let priceLike = result.lines.contains { read in
                        original.contains(x: Double(read.box.x) + Double(read.box.width) / 2, y: Double(read.box.y) + Double(read.box.height) / 2)
                            && PriceLikeText.looksLikePrice(read.text)
                    }
                    let reads = result.lines.filter { read in
                        original.contains(x: Double(read.box.x) + Double(read.box.width) / 2, y: Double(read.box.y) + Double(read.box.height) / 2)
                    }
                    let settled = Self.isSettled(reads)
                    let appearance = settled && position < result.appearances.count ? result.appearances[position] : nil
                    let heldNoPrice = Self.holdsNoPrice(reads)
                    remember(line, readAt: result.frameTime, priceLike: priceLike, heldNoPrice: heldNoPrice, appearance: appearance)
                    if heldNoPrice { readSmallPrint(beside: line) }
                    for index in cutLines.indices where OCRJobRunner.isSameLine(line, cutLines[index].line) {
                        cutLines[index].read = line
                        cutLines[index].readLookedLikePrice = priceLike
                    }
                    if Self.isClosed(reads) || settled {
                        settleCutLine(line)
                    }
                    guard !retries.contains(where: { $0.line.intersectionOverUnion(line) >= 0.3 }) else { continue }
                    let limit = priceLike ? configuration.retriesWhenPriceLike : configuration.retries
                    guard limit > 0 else { continue }
                    retries.append(Retry(
                        line: line, due: result.frameTime + configuration.firstRetryDelay, attempts: 0, limit: limit, readsLine: !settled,
                        detected: regions[position].detected.map { Self.moved($0, by: offset) }))
                }
            }
        case .verify(let key, _):
            verifying.remove(key)
            lastVerifiedAt[key] = result.frameTime
        case .wholeFrame(_, _, let band):
            wholeFrameRunning = false
            guard !result.dropped, result.failure == nil else { break }
            if band != nil, let bandHeight = configuration.sweepBandHeight {
                // Sweeps of a whole frame's bands that found nothing new wait twice as long.
                let bands = Double(max(1, (result.frameHeight + bandHeight - 1) / bandHeight))
                wholeFrameBackoff = result.queuedReads > 0
                    ? 1 : min(wholeFrameBackoff * pow(2, 1 / bands), configuration.stillWholeFrameInterval / configuration.wholeFrameInterval)
                break
            }
            let offTrack = result.priceBoxes.map { offset.applied(to: $0) }.filter { price in
                !trackBoxes.contains { Self.isNear(price, $0) }
            }
            let novel = offTrack.contains { price in !offTrackPrices.contains { Self.isNear(price, $0) } }
            offTrackPrices = offTrack
            wholeFrameBackoff = novel ? 1 : min(wholeFrameBackoff * 2, configuration.stillWholeFrameInterval / configuration.wholeFrameInterval)
        }
    }

    /// Whether a line's reads showed text and nothing a price could be made of: a product name,
    /// or numbers each of which is no price for a reason of its own (a date, a percentage, a phone
    /// or article number, a measure), as a price extractor that takes bare numbers for prices
    /// finds none there; and nothing ``PriceLikeText`` takes for a misread price. `2 199`, a
    /// price whose `Kč` was lost, is a bare number and keeps its line unsettled. A read of fewer
    /// than three letters or digits settles its line only without a digit or a currency symbol:
    /// a tag's border or an icon read as `=`, `—` or `ee`, not a price's `€` whose digits were
    /// lost. Such a line is not read again for a change of its pixels while it still shows the
    /// same text.
    static func isSettled(_ reads: [OCRLine]) -> Bool {
        !reads.isEmpty
            && reads.allSatisfy { read in !PriceLikeText.looksLikePrice(read.text) && bareNumbers.parse(read.text).isEmpty }
            && (reads.contains { read in read.text.count { $0.isLetter || $0.isNumber } >= 3 } || reads.allSatisfy(isMarkWithoutAmount))
    }

    /// Whether a read shows something, but no digit nor currency symbol.
    private static func isMarkWithoutAmount(_ read: OCRLine) -> Bool {
        !read.text.allSatisfy(\.isWhitespace)
            && !read.text.contains { $0.isNumber || $0.unicodeScalars.contains { $0.properties.generalCategory == .currencySymbol } }
    }

    /// Whether a line's reads held no price and nothing a price could be made of (see
    /// ``isSettled(_:)``), or nothing at all: a heading, not a tag's price.
    static func holdsNoPrice(_ reads: [OCRLine]) -> Bool {
        !reads.contains { read in PriceLikeText.looksLikePrice(read.text) || !bareNumbers.parse(read.text).isEmpty }
    }

    /// Marks for reading the small print left unread beside `line`, which held no price.
    private mutating func readSmallPrint(beside line: PixelRect) {
        guard var mask = unread else { return }
        smallPrint.removeAll { skipped in
            guard OCRJobRunner.isSameLine(skipped.beside, line) else { return false }
            mask.set(skipped.line)
            forcedLines.append(skipped.line)
            return true
        }
        unread = mask
    }

    /// Finds a price in any number it does not reject outright (see ``isSettled(_:)``).
    private static let bareNumbers = PriceExtractor(configuration: .init(acceptsBareNumbers: true))

    /// Least correlation of a settled line's picture with the line now (``LineAppearance``) for
    /// it to show the same text.
    static let sameAppearance: Float = 0.8

    /// Whether `line` in `frame` looks as it did when read (`appearance`), a pixel or two either
    /// way (the motion that moved it there misses by that much).
    static func shows(_ appearance: LineAppearance, at line: PixelRect, in frame: Frame) -> Bool {
        guard let correlation = appearance.correlation(with: line, in: frame, slack: 2) else { return false }
        return correlation >= sameAppearance
    }

    /// Whether the reads of a line near the frame's edge leave nothing to read further in: they
    /// found text but no digit. The reads further in are for a price whose last digits or
    /// currency marker were still outside.
    static func isClosed(_ reads: [OCRLine]) -> Bool {
        !reads.isEmpty && reads.contains { !$0.text.allSatisfy(\.isWhitespace) } && !reads.contains { $0.text.contains(where: \.isNumber) }
    }

    /// Marks a cut line as done: read, it showed nothing a read further in would add, text without
    /// a digit (``isClosed(_:)``) or numbers each of which is no price (``isSettled(_:)``: an
    /// article or phone number); a line that shows more text than was read when seen again is set
    /// back (`completed(_:offset:)`).
    private mutating func settleCutLine(_ line: PixelRect) {
        for index in cutLines.indices where OCRJobRunner.isSameLine(line, cutLines[index].line) {
            cutLines[index].marginHeights = CutLine.done
        }
    }

    /// Whether a price's centre lies in a track's box or within half the price's height of it.
    private static func isNear(_ price: PixelRect, _ track: PixelRect) -> Bool {
        let slack = price.height / 2
        let x = price.midX, y = price.midY
        return x >= track.x - slack && x <= track.maxX + slack && y >= track.y - slack && y <= track.maxY + slack
    }

    /// Remembers a line just read (in the current frame's pixels), replacing the same line read before.
    private mutating func remember(_ line: PixelRect, readAt time: Double, priceLike: Bool, heldNoPrice: Bool, appearance: LineAppearance?) {
        knownLines.removeAll { $0.line.intersectionOverUnion(line) >= OCRJobRunner.sameLineOverlap }
        knownLines.append(KnownLine(
            line: line, readAt: time, priceLike: priceLike, appearance: appearance, heldNoPrice: heldNoPrice, lookedSameAt: time))
        if knownLines.count > Self.knownLineLimit { knownLines.removeFirst(knownLines.count - Self.knownLineLimit) }
    }

    /// Marks for reading the lines due for another read that still have no track on them.
    private mutating func scheduleRetries(at time: Double, tracks: [TrackSummary], frame: Frame) -> [OCRJob] {
        guard !retries.isEmpty, var mask = unread else { return [] }
        let bounds = PixelRect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
        var reads: [TextRegion] = []
        retries = retries.compactMap { retry in
            guard retry.line.intersection(bounds) != nil,
                  !tracks.contains(where: { retry.line.contains(x: $0.box.midX, y: $0.box.midY) })
            else { return nil }
            // Lines read as often as allowed stay listed, so that reading them again does not start over.
            guard time >= retry.due, retry.attempts < retry.limit else { return retry }
            if configuration.retriesReadDetectedLines, let detected = retry.detected {
                reads.append(TextRegion(detected: detected))
            } else {
                mask.set(retry.line)
                if retry.readsLine { forcedLines.append(retry.line) }
            }
            var next = retry
            next.due = time + configuration.retryInterval * Double(1 << min(next.attempts - 1, 4))
            next.attempts += 1
            return next
        }
        unread = mask
        // After new regions' reads: a retry is a second chance, the first reads of new text come first.
        return reads.map { OCRJob(kind: .read([$0]), priority: .tentative, frame: frame, time: time) }
    }

    /// A detector's box moved with the image: each corner as the motion moves it there.
    static func moved(_ box: TextBox, by motion: ImageMotion) -> TextBox {
        func move(_ point: TextBox.Point) -> TextBox.Point {
            let shift = motion.displacement(atX: point.x, y: point.y)
            return TextBox.Point(x: point.x + shift.dx, y: point.y + shift.dy)
        }
        return TextBox(
            topLeft: move(box.topLeft), topRight: move(box.topRight), bottomRight: move(box.bottomRight), bottomLeft: move(box.bottomLeft),
            score: box.score, isCut: box.isCut)
    }

    /// Marks for reading, as they are, the cut lines that have stayed at the edge for
    /// ``Configuration/edgeDwell`` without being read: once each.
    private mutating func scheduleEdgeReads(at time: Double) {
        guard var mask = unread else { return }
        for index in cutLines.indices {
            let cut = cutLines[index]
            guard cut.edgeReadDue, cut.read == nil, cut.marginHeights < CutLine.done, time - cut.seenAt >= configuration.edgeDwell
            else { continue }
            cutLines[index].edgeReadDue = false
            mask.set(cut.line)
            edgeLines.append(cut.line)
        }
        unread = mask
    }

    /// Forces the changed cells that lie under no line read in the last
    /// ``Configuration/contentRereadAge`` seconds, nor under a settled line that still shows the
    /// same text (``isSettled(_:)``, ``LineAppearance``); the
    /// rest stay held. A line whose read looked like a price and has no confirmed track on it is
    /// not held: another read may confirm it.
    private mutating func releaseContentChanges(at time: Double, in frame: Frame) {
        guard var held = heldContent, !held.isEmpty, var mask = unread, var must = forced else { return }
        var young = CellMask(cellSize: held.cellSize, columns: held.columns, rows: held.rows)
        for index in knownLines.indices {
            let known = knownLines[index]
            if time - known.readAt < configuration.contentRereadAge {
                let settled = !known.priceLike || confirmedBoxes.contains { known.line.contains(x: $0.midX, y: $0.midY) }
                if settled { young.set(known.line) }
            } else if known.appearance != nil, held.intersects(known.line),
                      knownLines[index].stillShowsItsText(in: frame, at: time, interval: configuration.contentRereadAge) {
                young.set(known.line)
            }
        }
        var released = held
        released.subtract(young)
        held.subtract(released)
        mask.formUnion(released)
        must.formUnion(released)
        heldContent = held
        unread = mask
        forced = must
    }

    private mutating func markUnread(_ rects: [PixelRect], offset: ImageMotion) {
        guard var mask = unread, var must = forced else { return }
        for rect in rects {
            mask.set(offset.applied(to: rect))
            must.set(offset.applied(to: rect))
        }
        unread = mask
        forced = must
    }
}

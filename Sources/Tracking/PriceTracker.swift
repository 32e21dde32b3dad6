import PriceParsing
import SceneAnalysis
import Synchronization

/// Turns each frame's price detections into stable, smoothed, voted tracks for the overlay.
///
/// Feed every frame whose OCR ran to `update(detections:at:imageMotion:frameSize:)`, and every
/// frame whose OCR was skipped to `predict(at:imageMotion:frameSize:)`, in frame order; both return
/// the tracks to draw for that frame, ordered by id number. Ids (`p1`, `p2`, …) are given when a
/// track is first shown and are never reused. Each track's box is smoothed by a constant-velocity
/// Kalman filter and moved by the camera's estimated motion; its value is the one most supported
/// by its reads (see `TrackedPrice.confidence`), so a single misread never changes it, and reads
/// whose currency was only assumed count for the currency other reads of that amount printed.
///
/// Per frame, with a `MotionEstimator` fed every frame in the same order:
///
/// ```swift
/// let motion = estimator.estimate(luma: y, width: width, height: height, stride: stride)
/// let size = (width: Double(width), height: Double(height))
/// let shown = ocrRan
///     ? tracker.update(detections: prices, at: time, imageMotion: motion, frameSize: size)
///     : tracker.predict(at: time, imageMotion: motion, frameSize: size)
/// for event in tracker.events { /* TRACK new|update|end lines, if wanted */ }
/// ```
///
/// Detections, motion and frame size must all be in the pixels of the frame the tracker is given.
///
/// The tracker is meant for one ordered pipeline stage; it is `Sendable` (calls are serialised
/// by a lock) so that stage may hop between threads or tasks.
public final class PriceTracker: Sendable {
    private let core: Mutex<PriceTrackerCore>

    /// The tuning this tracker was created with.
    public let configuration: Configuration

    /// A tracker with no tracks; the first id it gives is `p1`.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        self.core = Mutex(PriceTrackerCore(configuration: configuration))
    }

    /// Feed one frame's detections (frame pixels) at its time (seconds, monotonic).
    ///
    /// Returns the tracks to show for this frame, ordered by id number. `imageMotion` is how the
    /// image content moved since the previous frame given to the tracker, in pixels (what
    /// `MotionEstimator` returns): each box moves with the content under its centre and scales with
    /// its zoom. `frameSize`, when given, ends tracks that have left the frame (see
    /// `Configuration.minimumVisibleFraction`). A time earlier than the previous call's is
    /// treated as equal to it.
    ///
    /// `observed` is the part of the frame that was read, when OCR read only some regions: a track
    /// whose box centre lies outside every one of these rectangles is neither hit nor missed, as
    /// with `predict`. `nil` means the whole frame was read.
    ///
    /// `startingTracks: false` only adds reads to existing tracks: for second reads of prices just
    /// read (a crop around each), where a read that matches no track is a misread of a neighbour
    /// or of part of the price (`£6 5.` of `£65`), not a price of its own.
    public func update(
        detections: [DetectedPrice], at time: Double, imageMotion: ImageMotion? = nil,
        frameSize: (width: Double, height: Double)? = nil, observed: [PixelRect]? = nil, startingTracks: Bool = true
    ) -> [TrackedPrice] {
        core.withLock {
            $0.update(
                detections: detections, at: time, imageMotion: imageMotion, frameSize: frameSize, observed: observed,
                startingTracks: startingTracks)
        }
    }

    /// Every live track, shown or not (tentative ones too), in creation order: what a scheduler
    /// needs to decide which tracks to read again.
    public var summaries: [TrackSummary] {
        core.withLock { $0.summaries }
    }

    /// Advance without OCR results (a frame whose OCR was skipped): boxes are predicted and moved
    /// by `imageMotion`; no hits or misses are counted, so no track is confirmed or ended, except
    /// that tracks moved out of the frame end when `frameSize` is given.
    public func predict(
        at time: Double, imageMotion: ImageMotion? = nil, frameSize: (width: Double, height: Double)? = nil
    ) -> [TrackedPrice] {
        core.withLock { $0.predict(at: time, imageMotion: imageMotion, frameSize: frameSize) }
    }

    /// Locks the live track `id`, unlocking any other.
    ///
    /// A locked track is always shown (marked `locked`), keeps its value (new reads are not voted),
    /// never ends, and follows the image motion; reads that match it still refine its box. Locking
    /// a tentative track confirms it. The change is reported by the next call's events.
    public func lock(id: String) throws(TrackerError) {
        try core.withLock { (core: inout PriceTrackerCore) throws(TrackerError) in
            try core.lock(id: id)
        }
    }

    /// Unlocks the locked track, if any. It then ends as usual once it has not been read for long enough.
    public func unlock() {
        core.withLock { $0.unlock() }
    }

    /// Ends every track at once, for a camera switch or a seek (boxes would no longer match).
    ///
    /// `events` and `endedSinceLastUpdate` then list the tracks that were shown; ids keep
    /// counting, so none is reused.
    public func reset() {
        core.withLock { $0.reset() }
    }

    /// The id of the locked track, if any.
    public var lockedID: String? {
        core.withLock { $0.lockedID }
    }

    /// The `new`, `update` and `end` events of the most recent `update`, `predict` or `reset` call.
    public var events: [TrackEvent] {
        core.withLock { $0.events }
    }

    /// The tracks ended by the most recent `update`, `predict` or `reset` call, with
    /// `state == .ended` (`predict` only ends tracks that left the frame).
    public var endedSinceLastUpdate: [TrackedPrice] {
        core.withLock { $0.events.filter { $0.kind == .end }.map(\.price) }
    }
}

import SceneAnalysis

/// What a reader scheduler needs to know of one live track, shown or not.
///
/// Returned by `PriceTracker.summaries`; the box is the tracker's current (motion-compensated,
/// smoothed) estimate in frame pixels.
public struct TrackSummary: Sendable, Hashable {
    /// Stable for the track's life and never reused; unlike `id`, given to tentative tracks too.
    public var key: Int
    /// The public id (`p1`, …) once the track has been shown.
    public var id: String?
    public var box: PixelRect
    public var state: TrackState
    public var locked: Bool
    /// Time (the tracker's clock) of the last read that matched the track.
    public var lastReadAt: Double
    /// Reads that matched the track, the first one included.
    public var reads: Int
    /// Whether the value shown has no printed currency behind it (`CurrencyEvidence.default`):
    /// another read may find the marker.
    public var assumedCurrency: Bool

    public init(
        key: Int, id: String?, box: PixelRect, state: TrackState, locked: Bool, lastReadAt: Double, reads: Int,
        assumedCurrency: Bool = false
    ) {
        self.key = key
        self.id = id
        self.box = box
        self.state = state
        self.locked = locked
        self.lastReadAt = lastReadAt
        self.reads = reads
        self.assumedCurrency = assumedCurrency
    }
}

/// `TRACK`: a change in the set of shown tracks, from the tracker's events (`lensd replay --events`).
///
/// Written before the `OVERLAYS` line of the frame that caused it.
struct TrackMessage: ProtocolMessage {
    static let className = "TRACK"
    /// `new`, `update` or `end` (see `TrackEvent`).
    var type: String
    /// The frame whose processing caused the change.
    var frame: UInt64
    /// The track after the change (`state` `ended` for `end`).
    var price: PriceMessage
}

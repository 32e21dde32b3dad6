/// `TRACK`: a change in the set of shown tracks, from the tracker's events (`lensd replay --events`).
///
/// Written before the `OVERLAYS` line of the frame that caused it.
public struct TrackMessage: ProtocolMessage {
    public static let className = "TRACK"
    /// `new`, `update` or `end` (see `TrackEvent`).
    public var type: String
    /// The frame whose processing caused the change.
    public var frame: UInt64
    /// The track after the change (`state` `ended` for `end`).
    public var price: PriceMessage

    public init(type: String, frame: UInt64, price: PriceMessage) {
        self.type = type
        self.frame = frame
        self.price = price
    }
}

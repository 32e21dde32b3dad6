/// A change in the set of shown tracks, for callers that publish `TRACK new|update|end` lines.
///
/// `new` is emitted once, when a track first becomes visible (confirmed, or created when
/// tentative tracks are included). `update` is emitted when a visible track's shown value or
/// lock changes, or when it leaves `tentative` — not for box movement nor for switching between
/// `confirmed` and `coasting`, which every frame's output already carries.
/// `end` is emitted once, when a visible track ends. Tracks that were never visible emit nothing.
public struct TrackEvent: Sendable, Hashable {
    /// What happened to the track.
    public enum Kind: String, Sendable, Hashable, Codable {
        case new
        case update
        case end
    }

    /// What happened.
    public var kind: Kind
    /// The track as it is after the change (`state == .ended` for `end`).
    public var price: TrackedPrice

    /// An event of `kind` about `price`.
    public init(kind: Kind, price: TrackedPrice) {
        self.kind = kind
        self.price = price
    }
}

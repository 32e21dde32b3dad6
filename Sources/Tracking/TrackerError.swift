/// Errors thrown by `PriceTracker`.
public enum TrackerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No live track has this id (it never existed, or it has ended).
    case unknownTrack(String)

    /// One sentence naming the id.
    public var description: String {
        switch self {
        case .unknownTrack(let id):
            return "no live track with id \"\(id)\""
        }
    }
}

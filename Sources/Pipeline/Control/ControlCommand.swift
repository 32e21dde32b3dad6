/// What a control message asks for, once parsed and checked (see ``ControlParser``).
public enum ControlCommand: Sendable, Equatable {
    /// Zoom to a level; clamped to the device's range.
    case zoom(level: Double)
    /// Turn the torch on or off.
    case torch(on: Bool)
    /// Pin the track with this id.
    case lock(trackID: String)
    /// Unpin the locked track.
    case unlock
    /// Change the currencies prices are read in and converted to.
    case currency(CurrencyChange)
    /// Apply a named preset from the `--config` file.
    case preset(name: String)
    /// Report the rate table, refreshing it first when asked.
    case rates(refresh: Bool)
    /// Report the daemon's whole current state.
    case status
    /// Choose what this connection receives of the stream.
    case watch(StreamSubscription)

    /// The `cmd` name, echoed in replies.
    public var name: String {
        switch self {
        case .zoom: "zoom"
        case .torch: "torch"
        case .lock: "lock"
        case .unlock: "unlock"
        case .currency: "currency"
        case .preset: "preset"
        case .rates: "rates"
        case .status: "status"
        case .watch: "watch"
        }
    }
}

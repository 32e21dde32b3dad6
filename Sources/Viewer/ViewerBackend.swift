/// What the viewer's HTTP server serves, supplied by the daemon that runs it.
///
/// Every call comes from a NIO event loop or the server's thread pool and must not block for long.
public protocol ViewerBackend: Sendable {
    /// The latest processed frame with its overlays, or nil before the first.
    func latestFrame() -> ViewerFrame?
    /// Whether frames flow (`GET /healthz`).
    func health() -> ViewerHealth
    /// The Prometheus text exposition of the daemon's metrics (`GET /metrics`).
    func metricsText() -> [UInt8]
    /// Handles one control line (`POST /control`); `reply` gets its `ACK` or `ERROR` line once.
    func control(line: [UInt8], reply: @escaping @Sendable (_ line: [UInt8], _ accepted: Bool) -> Void)
    /// Runs `register` with the banner lines a new event client gets first, while no stream line
    /// can be sent, so a client registered in it misses none and sees none twice.
    func attachEvents(_ register: ([[UInt8]]) -> Void)
    /// The protocol's `ERROR` line (with its newline) that a client dropped for falling behind reads last.
    func errorLine(message: String) -> [UInt8]
    /// Tells the daemon that an event or stream client came, went or was dropped (logs, `STATS`).
    func note(_ event: ViewerClientEvent)
}

/// A change among the viewer's long-lived clients (`/events`, `/stream.mjpg`).
public enum ViewerClientEvent: Sendable, Equatable {
    case connected(client: String, path: String)
    case disconnected(client: String, path: String)
    /// Disconnected for falling behind, with the bytes that waited.
    case dropped(client: String, waitingBytes: Int, limit: Int)
}

/// The answer of `GET /healthz`.
public struct ViewerHealth: Sendable, Equatable {
    /// 200 while true, else 503.
    public var healthy: Bool
    /// Said in the body: what the source does.
    public var detail: String

    public init(healthy: Bool, detail: String) {
        self.healthy = healthy
        self.detail = detail
    }
}

import Logging

/// What every client connection shares: where lines and control messages go, and the limits.
struct ClientSettings: Sendable {
    let events: EventStream
    let hub: ClientHub
    let center: ControlCenter
    let metrics: PipelineMetrics
    let logger: Logger
    /// Bytes of output that may wait for one client before it is disconnected.
    let bufferLimit: Int
}

import Logging
import NIOCore
import Pipeline

/// What every client connection shares: where lines and control messages go, and the limits.
public struct ClientSettings: Sendable {
    let events: EventStream
    let hub: ClientHub
    let center: ControlCenter
    let metrics: PipelineMetrics
    let logger: Logger
    /// Bytes of output that may wait for one client before it is disconnected.
    let bufferLimit: Int

    public init(events: EventStream, hub: ClientHub, center: ControlCenter, metrics: PipelineMetrics, logger: Logger, bufferLimit: Int) {
        self.events = events
        self.hub = hub
        self.center = center
        self.metrics = metrics
        self.logger = logger
        self.bufferLimit = bufferLimit
    }

    /// How much output NIO holds for one client before the client's own queue takes the rest: an
    /// eighth of ``bufferLimit``, 1 to 16 KiB. What NIO holds cannot be taken back, so a slow
    /// client's last `ERROR` waits behind no more than this (and the kernel's buffers).
    var writeWaterMark: ChannelOptions.Types.WriteBufferWaterMark {
        let high = max(1024, min(16 * 1024, bufferLimit / 8))
        return .init(low: high / 2, high: high)
    }

    /// How long a client dropped for falling behind has to read its last `ERROR` before the
    /// connection closes anyway.
    static let lastLineGrace = TimeAmount.seconds(5)
}

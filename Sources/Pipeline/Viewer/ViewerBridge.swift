import Capture
import Conversion
import Foundation
import LensProtocol
import Logging
import Synchronization
import Viewer

/// What the HTTP viewer serves, from the running daemon: the latest frame (``FrameTap``), health
/// from the `DEVICE` state and the frames processed, Prometheus metrics, control through the
/// same ``ControlCenter`` as sockets and stdin, and the stream's lines with their banner.
public final class ViewerBridge: ViewerBackend {
    private let tap: FrameTap
    private let events: EventStream
    private let center: ControlCenter
    private let metrics: PipelineMetrics
    private let rates: RateService
    private let logger: Logger
    private let eventClients = Atomic<Int>(0)
    /// Frames processed at the last health check, and when that count last changed.
    private let progress = Mutex<(frames: Int, changed: ContinuousClock.Instant)>((0, .now))

    /// Frames must have been processed this recently for `/healthz` to say 200.
    static let stallLimit: Duration = .seconds(5)

    public init(tap: FrameTap, events: EventStream, center: ControlCenter, metrics: PipelineMetrics, rates: RateService, logger: Logger) {
        self.tap = tap
        self.events = events
        self.center = center
        self.metrics = metrics
        self.rates = rates
        self.logger = logger
    }

    public func latestFrame() -> ViewerFrame? { tap.latest }

    public func health() -> ViewerHealth {
        guard let device = events.lastDevice else { return ViewerHealth(healthy: false, detail: "waiting for the source's first frame") }
        guard device.state == .active else {
            return ViewerHealth(healthy: false, detail: "device \(device.state.rawValue): \(device.source) \(device.path)")
        }
        let frames = metrics.framesProcessed.load(ordering: .relaxed), now = ContinuousClock.now
        let changed = progress.withLock { progress -> ContinuousClock.Instant in
            if frames != progress.frames { progress = (frames, now) }
            return progress.changed
        }
        guard frames > 0, changed.duration(to: now) <= Self.stallLimit else {
            return ViewerHealth(healthy: false, detail: "device active but no frame processed for \(Self.stallLimit)")
        }
        return ViewerHealth(healthy: true, detail: "ok: \(frames) frames processed (\(device.source) \(device.path))")
    }

    public func metricsText() -> [UInt8] {
        metrics.prometheus.scrape(metrics, .init(
            tracksShown: tap.shownPrices, eventClients: eventClients.load(ordering: .relaxed), rates: rates.current))
    }

    public func control(line: [UInt8], reply: @escaping @Sendable ([UInt8], Bool) -> Void) {
        let sink = HTTPControlReply(events: events, respond: reply)
        guard line.count <= ControlParser.maximumLineLength else {
            center.refuseOverlongLine(replyTo: sink)
            return
        }
        center.handle(line: line, replyTo: sink)
    }

    public func attachEvents(_ register: ([[UInt8]]) -> Void) {
        events.attach { banner in register(banner.map { Array($0) }) }
    }

    public func errorLine(message: String) -> [UInt8] {
        events.encodedLine(ErrorMessage(message: message, concerns: "client")).map { Array($0) } ?? []
    }

    public func note(_ event: ViewerClientEvent) {
        switch event {
        case let .connected(client, path):
            if path == "/events" { eventClients.add(1, ordering: .relaxed) }
            logger.info("http client connected", metadata: ["client": "\(client)", "path": "\(path)"])
        case let .disconnected(client, path):
            if path == "/events" { eventClients.subtract(1, ordering: .relaxed) }
            logger.info("http client disconnected", metadata: ["client": "\(client)", "path": "\(path)"])
        case let .dropped(client, waiting, limit):
            metrics.clientsDropped.add(1, ordering: .relaxed)
            logger.warning("http client fell behind: \(waiting) bytes waiting (limit \(limit)); disconnecting", metadata: ["client": "\(client)"])
        }
    }
}

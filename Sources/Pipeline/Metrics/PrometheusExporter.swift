import Conversion
import Foundation
import Prometheus
import Synchronization

/// The daemon's metrics in Prometheus's text format (`GET /metrics`), on swift-prometheus's registry.
///
/// Latency histograms are recorded as the pipeline measures them (``PipelineMetrics/record(_:milliseconds:)``);
/// counters and gauges are read from ``PipelineMetrics`` and the other sources when scraped.
final class PrometheusExporter: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let framesIn: Counter
    private let framesProcessed: Counter
    private let framesDropped: Counter
    private let errors: Counter
    private let clientsDropped: Counter
    private let controlAccepted: Counter
    private let controlRejected: Counter
    private let queueDepth: Gauge
    private let tracksShown: Gauge
    private let socketClients: Gauge
    private let eventClients: Gauge
    private let ratesAge: Gauge
    private let residentMemory: Gauge
    private let ocrSeconds: ValueHistogram
    private let endToEndSeconds: ValueHistogram
    private let queueSeconds: ValueHistogram
    /// Counter totals already exported, so each scrape adds what changed since the last.
    private let exported = ExportedTotals()

    init() {
        framesIn = registry.makeCounter(descriptor: Self.name("frames_in", "total", "Frames read from the source."))
        framesProcessed = registry.makeCounter(descriptor: Self.name("frames_processed", "total", "Frames whose OVERLAYS line was sent."))
        framesDropped = registry.makeCounter(descriptor: Self.name("frames_dropped", "total", "Frames dropped from the full frame queue."))
        errors = registry.makeCounter(descriptor: Self.name("errors", "total", "ERROR lines sent."))
        clientsDropped = registry.makeCounter(descriptor: Self.name("clients_dropped", "total", "Clients disconnected for falling behind."))
        controlAccepted = registry.makeCounter(descriptor: Self.name("control_messages", "total", "Control messages, by result."), labels: [("result", "accepted")])
        controlRejected = registry.makeCounter(descriptor: Self.name("control_messages", "total", "Control messages, by result."), labels: [("result", "rejected")])
        queueDepth = registry.makeGauge(descriptor: Self.name("queue_depth", "", "Frames waiting for OCR."))
        tracksShown = registry.makeGauge(descriptor: Self.name("tracks_shown", "", "Prices shown on the latest frame."))
        socketClients = registry.makeGauge(descriptor: Self.name("clients", "", "Clients connected, by kind."), labels: [("kind", "socket")])
        eventClients = registry.makeGauge(descriptor: Self.name("clients", "", "Clients connected, by kind."), labels: [("kind", "http_events")])
        ratesAge = registry.makeGauge(descriptor: Self.name("rates_age", "seconds", "Age of the exchange-rate table in use."))
        residentMemory = registry.makeGauge(descriptor: Self.name("resident_memory", "bytes", "Resident set size of the daemon."))
        let buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
        ocrSeconds = registry.makeValueHistogram(descriptor: Self.name("ocr_duration", "seconds", "Wall time of each OCR job (a whole frame with --schedule every-frame)."), buckets: buckets)
        endToEndSeconds = registry.makeValueHistogram(descriptor: Self.name("end_to_end_latency", "seconds", "From a frame's capture to its OVERLAYS line."), buckets: buckets)
        queueSeconds = registry.makeValueHistogram(descriptor: Self.name("queue_wait", "seconds", "Time a frame waited for OCR."), buckets: buckets)
    }

    /// `lensd_NAME_UNIT`, with its help text.
    private static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "lensd", metricName: metric, unitName: unit, helpText: help)
    }

    /// Records one latency the pipeline measured.
    func record(_ stage: LatencyStage, milliseconds: Double) {
        guard milliseconds.isFinite, milliseconds >= 0 else { return }
        switch stage {
        case .ocr: ocrSeconds.record(milliseconds / 1000)
        case .endToEnd: endToEndSeconds.record(milliseconds / 1000)
        case .queue: queueSeconds.record(milliseconds / 1000)
        case .frame: break
        }
    }

    /// What is read at each scrape.
    struct Readings {
        var tracksShown: Int
        var eventClients: Int
        var rates: RateSnapshot
    }

    /// The exposition text, with counters and gauges brought up to date.
    func scrape(_ metrics: PipelineMetrics, _ readings: Readings) -> [UInt8] {
        let counters = metrics.counters
        exported.advance([
            (framesIn, counters.framesIn), (framesProcessed, counters.framesProcessed), (framesDropped, counters.framesDropped),
            (errors, counters.errors), (clientsDropped, counters.clientsDropped),
            (controlAccepted, counters.controlAccepted), (controlRejected, counters.controlRejected),
        ])
        queueDepth.set(Double(metrics.queueDepth.load(ordering: .relaxed)))
        tracksShown.set(Double(readings.tracksShown))
        socketClients.set(Double(counters.clients))
        eventClients.set(Double(readings.eventClients))
        ratesAge.set(readings.rates.table.ageSeconds(now: Date()))
        if let bytes = ResidentMemory.bytes() { residentMemory.set(Double(bytes)) }
        return registry.emitToBuffer()
    }
}

/// The totals each counter has been brought to, so that concurrent scrapes add each change once.
private final class ExportedTotals: Sendable {
    private let totals = Mutex<[ObjectIdentifier: Int]>([:])

    func advance(_ counters: [(Counter, Int)]) {
        totals.withLock { totals in
            for (counter, total) in counters {
                let key = ObjectIdentifier(counter)
                let delta = total - (totals[key] ?? 0)
                guard delta > 0 else { continue }
                counter.increment(by: Int64(delta))
                totals[key] = total
            }
        }
    }
}

import Capture
import LensProtocol
import Synchronization

/// Builds `STATS` lines from ``PipelineMetrics``: periodic ones cover the time since the previous
/// periodic line; the final one covers the run.
public final class StatsReporter: Sendable {
    private struct Mark {
        var instant: MonotonicInstant
        var framesIn: Int
        var framesProcessed: Int
    }

    private let metrics: PipelineMetrics
    private let started: MonotonicInstant
    private let workers = Atomic<Int>(0)
    private let lastMark: Mutex<Mark>

    public init(metrics: PipelineMetrics, started: MonotonicInstant = .now()) {
        self.metrics = metrics
        self.started = started
        self.lastMark = Mutex(Mark(instant: started, framesIn: 0, framesProcessed: 0))
    }

    /// Sets the OCR worker count reported, once the pool has started.
    func setWorkers(_ count: Int) {
        workers.store(count, ordering: .relaxed)
    }

    /// A periodic line: rates over the time since the previous periodic line.
    public func periodic(now: MonotonicInstant = .now()) -> StatsMessage {
        let framesIn = metrics.framesIn.load(ordering: .relaxed)
        let processed = metrics.framesProcessed.load(ordering: .relaxed)
        let previous = lastMark.withLock { mark in
            defer { mark = Mark(instant: now, framesIn: framesIn, framesProcessed: processed) }
            return mark
        }
        let interval = now.seconds(since: previous.instant)
        var message = build(final: false, now: now)
        message.intervalS = Self.rounded(interval)
        message.fpsIn = Self.rounded(interval > 0 ? Double(framesIn - previous.framesIn) / interval : 0)
        message.fpsOut = Self.rounded(interval > 0 ? Double(processed - previous.framesProcessed) / interval : 0)
        return message
    }

    /// The last line of a run.
    func final(now: MonotonicInstant = .now()) -> StatsMessage {
        var message = build(final: true, now: now)
        message.latency = metrics.latencies.message()
        message.firstOverlaysMs = metrics.firstOverlaysMilliseconds.map(Self.rounded)
        message.ocrJobs = metrics.ocrJobs.message()
        if message.ocrJobs != nil { message.ocrQueueMaxDepth = metrics.ocrQueueMaxDepth.load(ordering: .relaxed) }
        return message
    }

    private func build(final: Bool, now: MonotonicInstant) -> StatsMessage {
        let wall = now.seconds(since: started)
        let framesIn = metrics.framesIn.load(ordering: .relaxed)
        let processed = metrics.framesProcessed.load(ordering: .relaxed)
        let ocrSeconds = Double(metrics.ocrNanoseconds.load(ordering: .relaxed)) / 1e9
        let ocr = metrics.ocrMilliseconds.percentiles([50, 95])
        let latency = metrics.latencyMilliseconds.percentiles([50, 95, 99])
        return StatsMessage(
            framesIn: framesIn,
            framesProcessed: processed,
            framesDropped: metrics.framesDropped.load(ordering: .relaxed),
            queueMaxDepth: metrics.queueMaxDepth.load(ordering: .relaxed),
            errors: metrics.errors.load(ordering: .relaxed),
            ocrSeconds: Self.rounded(ocrSeconds),
            ocrMsMean: Self.rounded(processed > 0 ? ocrSeconds * 1000 / Double(processed) : 0),
            wallSeconds: Self.rounded(wall),
            fpsOut: Self.rounded(wall > 0 ? Double(processed) / wall : 0),
            workers: workers.load(ordering: .relaxed),
            final: final,
            fpsIn: Self.rounded(wall > 0 ? Double(framesIn) / wall : 0),
            queueDepth: metrics.queueDepth.load(ordering: .relaxed),
            drops: DropsMessage(
                queue: metrics.framesDropped.load(ordering: .relaxed),
                clients: metrics.clientsDropped.load(ordering: .relaxed),
                control: metrics.controlRejected.load(ordering: .relaxed)),
            ocrMsP50: ocr?[0], ocrMsP95: ocr?[1],
            latencyMsP50: latency?[0], latencyMsP95: latency?[1], latencyMsP99: latency?[2],
            rssBytes: ResidentMemory.bytes(),
            clients: metrics.clients.load(ordering: .relaxed))
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}

import Capture
import LensProtocol
import Synchronization

/// Counters and timings of a running pipeline and its clients, read by `STATS` and `status`.
///
/// Every field is updated with relaxed atomics or a short lock from the stage that owns the event;
/// readers get a consistent-enough view for monitoring.
public final class PipelineMetrics: Sendable {
    let framesIn = Atomic<Int>(0)
    public let framesProcessed = Atomic<Int>(0)
    /// Frames dropped from the full frame queue (capture → OCR).
    public let framesDropped = Atomic<Int>(0)
    let queueDepth = Atomic<Int>(0)
    let queueMaxDepth = Atomic<Int>(0)
    /// Most scheduled OCR jobs ever waiting for a worker (``OCRJobQueue``).
    let ocrQueueMaxDepth = Atomic<Int>(0)
    /// `ERROR` lines sent (counted by the session's ``EventStream``).
    public let errors = Atomic<Int>(0)
    let ocrNanoseconds = Atomic<Int>(0)
    /// Socket clients connected now.
    public let clients = Atomic<Int>(0)
    /// Clients disconnected for falling behind.
    public let clientsDropped = Atomic<Int>(0)
    let controlAccepted = Atomic<Int>(0)
    let controlRejected = Atomic<Int>(0)
    /// OCR time of each frame.
    let ocrMilliseconds = SampleWindow()
    /// From a frame's capture to its `OVERLAYS` line (paced replay and cameras).
    let latencyMilliseconds = SampleWindow()
    /// Whole-run latency histograms per stage, for the final `STATS` line.
    let latencies = StageLatencies()
    /// Scheduled OCR jobs per kind, for the final `STATS` line.
    let ocrJobs = OCRJobAccounting()
    /// The latencies again, as Prometheus histograms (`GET /metrics`).
    let prometheus = PrometheusExporter()
    /// When the pipeline was set up: the zero of ``firstOverlaysMilliseconds``.
    let started: MonotonicInstant
    /// Monotonic nanoseconds when the first `OVERLAYS` line was emitted; 0 before.
    private let firstOverlaysNanoseconds = Atomic<UInt64>(0)

    public init(started: MonotonicInstant = .now()) {
        self.started = started
    }

    /// Records one latency of `stage` in the whole-run histograms.
    func record(_ stage: LatencyStage, milliseconds: Double) {
        latencies.record(stage, milliseconds: milliseconds)
        prometheus.record(stage, milliseconds: milliseconds)
    }

    /// Notes that an `OVERLAYS` line was emitted; only the first one counts.
    func recordOverlaysEmitted(at instant: MonotonicInstant = .now()) {
        guard firstOverlaysNanoseconds.load(ordering: .relaxed) == 0 else { return }
        _ = firstOverlaysNanoseconds.compareExchange(expected: 0, desired: max(1, instant.nanoseconds), ordering: .relaxed)
    }

    /// Milliseconds from ``started`` to the first `OVERLAYS` line, or nil before it.
    var firstOverlaysMilliseconds: Double? {
        let nanoseconds = firstOverlaysNanoseconds.load(ordering: .relaxed)
        guard nanoseconds > 0 else { return nil }
        return MonotonicInstant(nanoseconds: nanoseconds).seconds(since: started) * 1000
    }

    func recordQueueDepth(_ depth: Int) {
        queueDepth.store(depth, ordering: .relaxed)
        Self.raise(queueMaxDepth, to: depth)
    }

    /// Notes how many scheduled OCR jobs wait for a worker.
    func recordOCRQueueDepth(_ depth: Int) {
        Self.raise(ocrQueueMaxDepth, to: depth)
    }

    /// Stores `value` in `maximum` unless it already holds as much.
    private static func raise(_ maximum: borrowing Atomic<Int>, to value: Int) {
        var seen = maximum.load(ordering: .relaxed)
        while value > seen {
            let (exchanged, original) = maximum.compareExchange(expected: seen, desired: value, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
    }

    var counters: CountersMessage {
        CountersMessage(
            framesIn: framesIn.load(ordering: .relaxed),
            framesProcessed: framesProcessed.load(ordering: .relaxed),
            framesDropped: framesDropped.load(ordering: .relaxed),
            errors: errors.load(ordering: .relaxed),
            clients: clients.load(ordering: .relaxed),
            clientsDropped: clientsDropped.load(ordering: .relaxed),
            controlAccepted: controlAccepted.load(ordering: .relaxed),
            controlRejected: controlRejected.load(ordering: .relaxed))
    }
}

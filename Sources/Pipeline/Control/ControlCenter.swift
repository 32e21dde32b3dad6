import Conversion
import Foundation
import LensProtocol
import Synchronization

/// Where every control line goes, from stdin or a socket client: it parses and checks the line,
/// answers `status` and `rates` from published state and `watch` (a socket client's own
/// choice) at once, forwards `zoom` and `torch` to the capture loop (``CaptureControlRelay``),
/// which applies them between two frames and replies, and queues the rest for the ordered stage,
/// which applies them before its next frame and replies.
///
/// Nothing here blocks, touches the pipeline's state or the device, or reads files: presets were
/// loaded at start.
public final class ControlCenter: Sendable {
    /// Client-triggered rate refreshes are at most this often; more are acknowledged without one.
    static let refreshInterval: Duration = .seconds(30)

    private let inbox: ControlInbox
    private let capture: CaptureControlRelay
    private let events: EventStream
    private let status: DaemonStatus
    private let metrics: PipelineMetrics
    private let rates: RateService
    private let presets: [String: PresetFile.Preset]
    private let lastRefresh = Mutex<ContinuousClock.Instant?>(nil)

    public init(
        inbox: ControlInbox, capture: CaptureControlRelay, events: EventStream, status: DaemonStatus, metrics: PipelineMetrics, rates: RateService,
        presets: [String: PresetFile.Preset]
    ) {
        self.inbox = inbox
        self.capture = capture
        self.events = events
        self.status = status
        self.metrics = metrics
        self.rates = rates
        self.presets = presets
    }

    /// Handles one line (without its newline) and sends the reply, now or after the next frame.
    public func handle(line: some Collection<UInt8>, replyTo sink: any ControlReplySink) {
        switch ControlParser.parse(line) {
        case .failure(let rejection):
            refuse(rejection, sink)
        case .success(let request):
            handle(request, replyTo: sink)
        }
    }

    /// Refuses a line that never reached parsing (longer than the limit).
    public func refuseOverlongLine(replyTo sink: any ControlReplySink) {
        refuse(ControlRejection(message: "control line longer than \(ControlParser.maximumLineLength) bytes"), sink)
    }

    private func handle(_ request: ControlRequest, replyTo sink: any ControlReplySink) {
        var ack = AckMessage(cmd: request.command.name, id: request.id, req: request.req)
        var presetChange: CurrencyChange?
        switch request.command {
        case .status:
            ack.state = state()
            ack.watch = sink.subscriber.map { WatchMessage($0.subscription) }
            accept(ack, sink)
            return
        case .watch(let subscription):
            guard let subscriber = sink.subscriber else {
                refuse(ControlRejection(
                    message: "watch chooses what a socket client receives; stdout carries every class",
                    command: "watch", id: request.id, req: request.req), sink)
                return
            }
            subscriber.watch(subscription)
            ack.watch = WatchMessage(subscription)
            accept(ack, sink)
            return
        case .rates(let refresh):
            if refresh, startRefresh() {
                ack.refreshing = true
            }
            ack.rates = RatesMessage(rates.current, now: Date())
            accept(ack, sink)
            return
        case .preset(let name):
            guard let preset = presets[name] else {
                let known = presets.keys.sorted()
                refuse(ControlRejection(
                    message: "no preset \"\(name)\"; presets: \(known.isEmpty ? "none (start lensd with --config FILE)" : known.joined(separator: ", "))",
                    command: "preset", id: request.id, req: request.req), sink)
                return
            }
            presetChange = CurrencyChange(source: preset.source?.uppercased(), targets: preset.targets?.map { $0.uppercased() })
        case .zoom, .torch:
            capture.forward(request, replyTo: sink)
            metrics.controlAccepted.add(1, ordering: .relaxed)
            return
        case .lock, .unlock, .currency:
            break
        }
        guard inbox.post(PendingControl(request: request, presetChange: presetChange, reply: sink)) else {
            refuse(ControlRejection(message: "too many control messages waiting; try again after the next frame", command: request.command.name, id: request.id, req: request.req), sink)
            return
        }
        metrics.controlAccepted.add(1, ordering: .relaxed)
    }

    /// The whole state for a `status` reply.
    func state() -> DaemonStateMessage {
        let snapshot = status.snapshot
        return DaemonStateMessage(
            device: events.lastDevice, zoom: snapshot.zoom, torch: snapshot.torch, currency: snapshot.currency,
            rates: RatesMessage(rates.current, now: Date()), locked: snapshot.locked,
            processing: snapshot.processing, counters: metrics.counters)
    }

    /// Starts a refresh unless one was started less than ``refreshInterval`` ago.
    private func startRefresh() -> Bool {
        let now = ContinuousClock.now
        let allowed = lastRefresh.withLock { last in
            if let last, last.duration(to: now) < Self.refreshInterval { return false }
            last = now
            return true
        }
        if allowed {
            let rates = self.rates
            Task { await rates.refresh() }
        }
        return allowed
    }

    private func accept(_ ack: AckMessage, _ sink: any ControlReplySink) {
        metrics.controlAccepted.add(1, ordering: .relaxed)
        sink.send(ack)
    }

    private func refuse(_ rejection: ControlRejection, _ sink: any ControlReplySink) {
        metrics.controlRejected.add(1, ordering: .relaxed)
        sink.send(ErrorMessage(message: rejection.message, concerns: "control", cmd: rejection.command, id: rejection.id, req: rejection.req))
    }
}

import Foundation
import LensProtocol
import Logging
import Pipeline
import ServiceLifecycle
import SystemdNotify

/// Keeps systemd informed while lensd runs as a `Type=notify` service: `READY=1` once frames flow
/// from the first source (its `DEVICE` is `active`), `STATUS=` with what the source is doing
/// (`systemctl status` shows it), `STOPPING=1` on shutdown, and, with `WatchdogSec=`, `WATCHDOG=1`
/// every half interval while the frame loop makes progress.
///
/// The watchdog is fed when frames were processed or dropped since the last feed, or while the
/// source has no frames to give (a camera unplugged or denied: lensd waits for it by design). A
/// frame loop that stops while its camera delivers stops feeding it, and systemd restarts lensd.
struct SystemdNotifyService: Service {
    let notifier: SystemdNotifier
    let events: EventStream
    let metrics: PipelineMetrics
    let logger: Logger
    /// `WATCHDOG_USEC` when it names this process (`WATCHDOG_PID`), else nil.
    let watchdog: Duration?

    init(notifier: SystemdNotifier, events: EventStream, metrics: PipelineMetrics, logger: Logger,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.notifier = notifier
        self.events = events
        self.metrics = metrics
        self.logger = logger
        watchdog = Self.watchdogInterval(environment, pid: getpid())
    }

    /// The watchdog interval systemd set for process `pid`, if any.
    static func watchdogInterval(_ environment: [String: String], pid: Int32) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let microseconds = Int64(text), microseconds > 0 else { return nil }
        if let owner = environment["WATCHDOG_PID"], Int32(owner) != pid { return nil }
        return .microseconds(microseconds)
    }

    /// What `STATUS=` says for the source's last `DEVICE` line.
    static func status(of device: DeviceMessage?) -> String {
        guard let device else { return "starting" }
        let source = device.source == "replay" ? "replaying \(device.path)" : "camera \(device.path)"
        switch device.state {
        case .active:
            let size = device.width.flatMap { width in device.height.map { " (\(width)x\($0))" } } ?? ""
            return "\(source): reading frames\(size)"
        case .inactive: return "\(source): no frames; waiting for it to come back"
        case .denied: return "\(source): permission denied; waiting for access"
        case .error: return "\(source): failing; retrying"
        }
    }

    /// How often the state is looked at: often until ready, then twice a watchdog interval (at
    /// most every second, so `STATUS=` follows the device).
    private var tick: Duration {
        min(.seconds(1), (watchdog ?? .seconds(2)) / 2)
    }

    func run() async {
        await cancelWhenGracefulShutdown { await report() }
        send(["STOPPING": "1", "STATUS": "stopping"])
    }

    /// Reports until cancelled.
    private func report() async {
        var ready = false, lastStatus = "", lastProgress = 0
        var lastFeed = ContinuousClock.now
        while !Task.isCancelled {
            let device = events.lastDevice
            let status = Self.status(of: device)
            var fields: KeyValuePairs<String, String> = [:]
            if !ready, device?.state == .active {
                ready = true
                fields = ["READY": "1", "STATUS": status]
            } else if status != lastStatus {
                fields = ["STATUS": status]
            }
            send(fields)
            lastStatus = status
            let now = ContinuousClock.now
            if let watchdog, lastFeed.duration(to: now) >= watchdog / 2 {
                let progress = metrics.framesProcessed.load(ordering: .relaxed) + metrics.framesDropped.load(ordering: .relaxed)
                if progress != lastProgress || device?.state != .active {
                    send(["WATCHDOG": "1"])
                    lastFeed = now
                    lastProgress = progress
                }
            }
            do {
                try await Task.sleep(for: ready ? tick : .milliseconds(100))
            } catch {
                break
            }
        }
    }

    private func send(_ fields: KeyValuePairs<String, String>) {
        guard !fields.isEmpty else { return }
        do throws(SystemdNotifier.Failure) {
            try notifier.notify(fields)
        } catch {
            logger.warning("\(error.description)")
        }
    }
}

import LensProtocol
import Synchronization

/// How many scheduled OCR jobs of each kind ran and the worker CPU time they took
/// (`CLOCK_THREAD_CPUTIME_ID`, so time spent waiting for a core does not count), and how many
/// were dropped unrun (their frame went stale, or the run ended first): where the OCR time of a
/// `--schedule changes` run goes, for the final `STATS` line's `ocr_jobs`.
final class OCRJobAccounting: Sendable {
    private struct Totals {
        var count = 0
        var cpu = Duration.zero
        var dropped = 0
    }

    /// `nil` until ``open()``: a run without scheduled jobs reports none.
    private let totals = Mutex<[String: Totals]?>(nil)

    /// Marks the run as one that schedules OCR jobs, so that its totals are reported even when no
    /// job ran (on a slow machine every job may go stale before a worker is ready).
    func open() {
        totals.withLock { totals in
            if totals == nil { totals = [:] }
        }
    }

    /// Adds one finished job of `kind` that took `cpu` of its worker's CPU time.
    func record(kind: String, cpu: Duration) {
        update(kind) { total in
            total.count += 1
            total.cpu += cpu
        }
    }

    /// Adds one job of `kind` dropped before a worker took it (``OCRJobQueue``'s `dropped`).
    func recordDropped(kind: String) {
        update(kind) { $0.dropped += 1 }
    }

    /// The totals so far per kind (empty when no job ran or was dropped), or nil for a run that
    /// was never ``open()``ed and ran no job.
    func message() -> [String: OCRJobTotalsMessage]? {
        totals.withLock { $0 }?.mapValues { total in
            let seconds = Double(total.cpu.components.seconds) + Double(total.cpu.components.attoseconds) * 1e-18
            return OCRJobTotalsMessage(count: total.count, cpuSeconds: (seconds * 1000).rounded() / 1000, dropped: total.dropped)
        }
    }

    private func update(_ kind: String, _ change: (inout Totals) -> Void) {
        totals.withLock { totals in
            var all = totals.take() ?? [:]
            change(&all[kind, default: Totals()])
            totals = all
        }
    }
}

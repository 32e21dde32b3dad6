import Synchronization

/// How many scheduled OCR jobs of each kind ran and the worker CPU time they took
/// (`CLOCK_THREAD_CPUTIME_ID`, so time spent waiting for a core does not count): where the OCR
/// time of a `--schedule changes` run goes, for the final `STATS` line's `ocr_jobs`.
final class OCRJobAccounting: Sendable {
    private let totals = Mutex<[String: (count: Int, cpu: Duration)]>([:])

    /// Adds one finished job of `kind` that took `cpu` of its worker's CPU time.
    func record(kind: String, cpu: Duration) {
        totals.withLock { totals in
            let previous = totals[kind] ?? (0, .zero)
            totals[kind] = (previous.count + 1, previous.cpu + cpu)
        }
    }

    /// The totals so far per kind, or nil when no job ran.
    func message() -> [String: OCRJobTotalsMessage]? {
        let totals = totals.withLock { $0 }
        guard !totals.isEmpty else { return nil }
        return totals.mapValues { total in
            let seconds = Double(total.cpu.components.seconds) + Double(total.cpu.components.attoseconds) * 1e-18
            return OCRJobTotalsMessage(count: total.count, cpuSeconds: (seconds * 1000).rounded() / 1000)
        }
    }
}

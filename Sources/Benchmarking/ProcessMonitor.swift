import Capture
import Foundation
import Synchronization

/// Samples a running process's CPU time and resident memory at a fixed interval (`/proc`), on a
/// thread of its own, until stopped.
final class ProcessMonitor: Sendable {
    private let pid: pid_t
    private let started: MonotonicInstant
    private let interval: Double
    private let samples = Mutex<[ProcessSample]>([])
    private let stopped = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - started: when the process was started, the zero of the samples' times.
    ///   - interval: seconds between samples.
    init(pid: pid_t, started: MonotonicInstant, interval: Double = 0.5) {
        self.pid = pid
        self.started = started
        self.interval = interval
    }

    /// Starts sampling.
    func start() {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                if let sample = ProcessSample.read(pid: pid, seconds: MonotonicInstant.now().seconds(since: started)) {
                    samples.withLock { $0.append(sample) }
                }
                _ = wake.wait(timeout: .now() + interval)
            }
            done.signal()
        }
        thread.name = "lensd-bench-monitor"
        thread.start()
    }

    /// Stops sampling (call before the process is reaped) and returns the samples taken.
    func stop() -> [ProcessSample] {
        stopped.store(true, ordering: .relaxed)
        wake.signal()
        done.wait()
        return samples.withLock { $0 }
    }
}

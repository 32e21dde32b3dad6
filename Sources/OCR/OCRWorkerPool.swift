import Dispatch
import Foundation
import Synchronization

/// A fixed set of OCR threads, each owning one ``TesseractEngine`` for its whole life.
///
/// The handles are initialised in parallel, off the caller's thread; ``start(workerCount:configuration:next:process:)``
/// returns once all of them are ready (or throws the first failure, before any job is taken).
/// Each worker then calls `next` for a job and `process` with its own engine, until `next` returns `nil`.
/// Work distribution is pull-based, so a slow job never holds up the other workers.
public final class OCRWorkerPool: Sendable {
    public let workerCount: Int
    private let finished: DispatchGroup
    /// Wall-clock seconds the slowest handle took to initialise.
    public let initialisationSeconds: Double

    private init(workerCount: Int, finished: DispatchGroup, initialisationSeconds: Double) {
        self.workerCount = workerCount
        self.finished = finished
        self.initialisationSeconds = initialisationSeconds
    }

    /// Starts `workerCount` threads (at least one) and waits until their engines are ready.
    ///
    /// - Parameters:
    ///   - next: called from worker threads; blocks until a job is available, returns `nil` when there will be no more.
    ///   - process: called on the worker thread that took the job, with that thread's engine.
    ///   - niceIncrement: added to each worker thread's nice value (`setpriority(2)`, per thread on
    ///     Linux), so that a latency-bound thread of the caller wins the CPU over OCR.
    public static func start<Job>(
        workerCount: Int,
        configuration: OCRConfiguration,
        niceIncrement: Int32 = 0,
        next: @escaping @Sendable () -> Job?,
        process: @escaping @Sendable (TesseractEngine, Job) -> Void
    ) throws(OCRError) -> OCRWorkerPool {
        let count = max(1, workerCount)
        // Resolve the models once, up front, so a missing model fails fast with one clear error.
        _ = try configuration.resolvedTessdataDirectory()

        let ready = DispatchGroup()
        let finished = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        let failures = Mutex<[OCRError]>([])
        let shouldRun = Mutex(false)
        let started = ContinuousClock.now

        for index in 0..<count {
            ready.enter()
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                if niceIncrement != 0 {
                    lowerPriorityOfCallingThread(by: niceIncrement)
                }
                let engine: TesseractEngine
                do throws(OCRError) {
                    engine = try TesseractEngine(configuration: configuration)
                } catch {
                    failures.withLock { $0.append(error) }
                    ready.leave()
                    return
                }
                ready.leave()
                go.wait()
                guard shouldRun.withLock({ $0 }) else { return }
                while let job = next() {
                    process(engine, job)
                }
            }
            thread.name = "lensd-ocr-\(index)"
            // Tesseract's LSTM recursion is deep; give each worker room beyond the default.
            thread.stackSize = 16 << 20
            thread.start()
        }
        ready.wait()
        let elapsed = started.duration(to: .now)
        let firstFailure = failures.withLock { $0.first }
        shouldRun.withLock { $0 = firstFailure == nil }
        for _ in 0..<count { go.signal() }
        if let firstFailure {
            finished.wait()
            throw firstFailure
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return OCRWorkerPool(workerCount: count, finished: finished, initialisationSeconds: seconds)
    }

    /// Blocks until every worker has seen `next` return `nil` and finished its last job.
    public func waitUntilFinished() {
        finished.wait()
    }
}

/// Raises the calling thread's nice value by `increment` (`setpriority(PRIO_PROCESS, 0, …)`,
/// which on Linux acts on the calling thread only); failures leave the priority as it was.
private func lowerPriorityOfCallingThread(by increment: Int32) {
    #if os(Linux)
    let which = __priority_which_t(PRIO_PROCESS.rawValue)
    errno = 0
    let current = getpriority(which, 0)
    guard errno == 0 else { return }
    _ = setpriority(which, 0, min(19, current + increment))
    #endif
}

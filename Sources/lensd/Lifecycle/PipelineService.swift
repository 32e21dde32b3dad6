import Foundation
import Pipeline
import ServiceLifecycle
import Synchronization

/// Runs the frame pipeline as a service: on its own thread until the source ends, or until
/// graceful shutdown stops capture, after which the frames in flight finish and `STATS` is sent.
final class PipelineService: Service {
    private let pipeline: ReplayPipeline
    /// Runs the pipeline to its end; handed to the pipeline thread, which alone calls it.
    private let body: UncheckedSendableBox<() -> ReplayPipeline.Outcome>
    private let result = Mutex<ReplayPipeline.Outcome?>(nil)
    /// Called on graceful shutdown besides stopping the pipeline, e.g. to wake a camera waiting in `poll`.
    private let onShutdown: @Sendable () -> Void

    init(pipeline: ReplayPipeline, onShutdown: @escaping @Sendable () -> Void = {}, body: @escaping () -> ReplayPipeline.Outcome) {
        self.pipeline = pipeline
        self.onShutdown = onShutdown
        self.body = UncheckedSendableBox(body)
    }

    private let stopped = Atomic<Bool>(false)

    /// How the run ended; nil while it runs.
    var outcome: ReplayPipeline.Outcome? { result.withLock { $0 } }

    /// Whether graceful shutdown (SIGINT/SIGTERM) stopped the pipeline: then an input that never
    /// delivered a frame (a camera not plugged in yet) is not a failure.
    var wasStopped: Bool { stopped.load(ordering: .relaxed) }

    func run() async {
        let pipeline = self.pipeline, onShutdown = self.onShutdown
        await withGracefulShutdownHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let thread = Thread { [self] in
                    let outcome = body.value()
                    result.withLock { $0 = outcome }
                    continuation.resume()
                }
                thread.name = "lensd-pipeline"
                thread.start()
            }
        } onGracefulShutdown: { [self] in
            stopped.store(true, ordering: .relaxed)
            pipeline.stop()
            onShutdown()
        }
    }
}

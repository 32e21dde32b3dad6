import Foundation
import ServiceLifecycle
import Synchronization

/// Runs the frame pipeline as a service: on its own thread until the source ends, or until
/// graceful shutdown stops capture, after which the frames in flight finish and `STATS` is sent.
final class PipelineService: Service {
    private let pipeline: ReplayPipeline
    /// Runs the pipeline to its end; handed to the pipeline thread, which alone calls it.
    private let body: UncheckedSendableBox<() -> ReplayPipeline.Outcome>
    private let result = Mutex<ReplayPipeline.Outcome?>(nil)

    init(pipeline: ReplayPipeline, body: @escaping () -> ReplayPipeline.Outcome) {
        self.pipeline = pipeline
        self.body = UncheckedSendableBox(body)
    }

    /// How the run ended; nil while it runs.
    var outcome: ReplayPipeline.Outcome? { result.withLock { $0 } }

    func run() async {
        let pipeline = self.pipeline
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
        } onGracefulShutdown: {
            pipeline.stop()
        }
    }
}

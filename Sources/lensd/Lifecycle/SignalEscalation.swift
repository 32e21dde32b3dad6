import Dispatch
import Foundation
import Pipeline
import Synchronization

/// The second SIGINT or SIGTERM ends lensd at once (exit status 130), for when a graceful
/// shutdown takes too long for the user. The first one is left to the service group.
final class SignalEscalation: Sendable {
    /// Dispatch sources are thread-safe; the box only tells the compiler so.
    private let sources: UncheckedSendableBox<[any DispatchSourceSignal]>
    private let count = Atomic<Int>(0)

    init() {
        sources = UncheckedSendableBox([SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) })
    }

    func start() {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        for source in sources.value {
            source.setEventHandler { [self] in
                if count.add(max(1, Int(source.data)), ordering: .relaxed).newValue >= 2 {
                    _exit(ExitStatus.interrupted)
                }
            }
            source.resume()
        }
    }

    func stop() {
        sources.value.forEach { $0.cancel() }
    }
}

import Foundation
import Pipeline
import Synchronization
import UnixSignals

/// The second SIGINT or SIGTERM ends lensd at once (exit status 130), for when a graceful
/// shutdown takes too long for the user. The first one is left to the service group, whose
/// `gracefulShutdownSignals` start the graceful shutdown.
///
/// The service group cannot do this itself: its graceful-shutdown and cancellation signals must be
/// different signals (so "the second SIGTERM" cannot cancel), a cancelled group still finishes the
/// pipeline's frames in flight and sends the final `STATS`, and its `maximumCancellationDuration`
/// ends the process with `fatalError` (a trap), not status 130. The signals arrive through
/// `UnixSignals`; the exit is `_exit`, which neither flushes buffered output nor runs exit handlers
/// while the pipeline's threads are still running.
final class SignalEscalation: Sendable {
    private let listener = Mutex<Task<Void, Never>?>(nil)

    func start() {
        // Ignored at once, so that neither signal ends lensd before the listener is registered.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let task = Task.detached {
            var count = 0
            for await _ in await UnixSignalsSequence(trapping: .sigint, .sigterm) {
                count += 1
                if count >= 2 { _exit(ExitStatus.interrupted) }
            }
        }
        listener.withLock { $0 = task }
    }

    func stop() {
        listener.withLock { task in
            task?.cancel()
            task = nil
        }
    }
}

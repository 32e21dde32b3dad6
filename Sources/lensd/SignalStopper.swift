import Capture
import Foundation
import UnixSignals

/// Raises a ``StopSignal`` when one of `signals` arrives (`UnixSignals`; the default action is
/// ignored while this lives), so a camera stream ends cleanly with its final `STATS`.
final class SignalStopper {
    private let listener: Task<Void, Never>

    init(signals: [UnixSignal], stop: StopSignal) {
        for number in signals { signal(number.rawValue, SIG_IGN) }
        listener = Task.detached {
            for await _ in await UnixSignalsSequence(trapping: signals) { stop.raise() }
        }
    }

    deinit {
        listener.cancel()
    }
}

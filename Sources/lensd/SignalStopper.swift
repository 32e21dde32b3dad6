import Capture
import Dispatch
import Foundation

/// Raises a ``StopSignal`` when one of `signals` arrives (the default action is ignored while this
/// lives), so a camera stream ends cleanly with its final `STATS`.
final class SignalStopper {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], stop: StopSignal) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.raise() }
            source.resume()
            return source
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}

import Conversion
import Foundation
import LensProtocol
import Logging
import Synchronization
import UnixSignals

/// Runs a ``RateService`` beside a stream: background refresh, a `RATES` line whenever the
/// table changes or turns stale, an `ERROR` line when a refresh fails, and `SIGHUP` forcing a refresh.
///
/// The frame pipeline never waits on it: it reads ``RateService/current`` per frame.
public final class RateFeed: Sendable {
    let service: RateService
    private let events: EventStream
    private let logger: Logger
    private let forwarder = Mutex<Task<Void, Never>?>(nil)
    /// Waits for `SIGHUP` (`UnixSignals`) and forces a refresh on each.
    private let hangup = Mutex<Task<Void, Never>?>(nil)

    public init(service: RateService, events: EventStream, logger: Logger) {
        self.service = service
        self.events = events
        self.logger = logger
    }

    /// Emits the current table, then starts refreshing and forwarding changes.
    public func start() {
        events.emit(RatesMessage(service.current, now: Date()))
        let service = self.service, events = self.events, logger = self.logger
        let task = Task.detached {
            await service.start()
            for await event in service.events {
                switch event {
                case .tableChanged(let snapshot), .staleChanged(let snapshot):
                    events.emit(RatesMessage(snapshot, now: Date()))
                case .refreshFailed(let error), .cacheIgnored(let error), .cacheWriteFailed(let error):
                    logger.warning("\(error.description)")
                    events.emit(ErrorMessage(message: error.description, concerns: "rates"))
                }
            }
        }
        forwarder.withLock { $0 = task }
        // Ignored at once, so that SIGHUP never ends lensd, even before the listener is registered.
        signal(SIGHUP, SIG_IGN)
        let listener = Task.detached {
            for await _ in await UnixSignalsSequence(trapping: .sighup) {
                logger.notice("SIGHUP: refreshing exchange rates")
                Task { await service.refresh() }
            }
        }
        hangup.withLock { $0 = listener }
    }

    /// Stops refreshing; no more `RATES` lines after this.
    public func stop() {
        hangup.withLock { task in
            task?.cancel()
            task = nil
        }
        forwarder.withLock { task in
            task?.cancel()
            task = nil
        }
        let service = self.service
        Task { await service.stop() }
    }
}

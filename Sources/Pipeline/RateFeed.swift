import Conversion
import Dispatch
import Foundation
import LensProtocol
import Logging
import Synchronization

/// Runs a ``RateService`` beside a stream: background refresh, a `RATES` line whenever the
/// table changes or turns stale, an `ERROR` line when a refresh fails, and `SIGHUP` forcing a refresh.
///
/// The frame pipeline never waits on it: it reads ``RateService/current`` per frame.
public final class RateFeed: Sendable {
    let service: RateService
    private let events: EventStream
    private let logger: Logger
    private let forwarder = Mutex<Task<Void, Never>?>(nil)
    /// Dispatch sources are thread-safe; the box only tells the compiler so.
    private let hangup: UncheckedSendableBox<any DispatchSourceSignal>

    public init(service: RateService, events: EventStream, logger: Logger) {
        self.service = service
        self.events = events
        self.logger = logger
        self.hangup = UncheckedSendableBox(DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global()))
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
        signal(SIGHUP, SIG_IGN)
        hangup.value.setEventHandler {
            logger.notice("SIGHUP: refreshing exchange rates")
            Task { await service.refresh() }
        }
        hangup.value.resume()
    }

    /// Stops refreshing; no more `RATES` lines after this.
    public func stop() {
        hangup.value.cancel()
        forwarder.withLock { task in
            task?.cancel()
            task = nil
        }
        let service = self.service
        Task { await service.stop() }
    }
}

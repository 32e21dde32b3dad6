import Conversion
import Foundation
import Synchronization

/// A wall clock that only moves when a test advances it; sleepers wake when it passes their
/// deadline.
final class ManualClock: RateServiceClock {
    private struct State {
        var now: Date
        var nextID = 0
        var sleepers: [Int: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] = [:]
    }

    private let state: Mutex<State>

    init(_ now: Date) {
        state = Mutex(State(now: now))
    }

    func now() -> Date {
        state.withLock { $0.now }
    }

    /// The number of tasks sleeping on this clock.
    var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Moves the clock to `date` and wakes the sleepers whose deadline has passed.
    func advance(to date: Date) {
        let woken = state.withLock { state in
            state.now = date
            let due = state.sleepers.filter { $0.value.deadline <= date }
            for id in due.keys {
                state.sleepers[id] = nil
            }
            return due.values.map(\.continuation)
        }
        for continuation in woken {
            continuation.resume()
        }
    }

    func sleep(until deadline: Date) async throws(CancellationError) {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let resumeNow = state.withLock { state -> Bool in
                        if Task.isCancelled || deadline <= state.now {
                            return true
                        }
                        state.sleepers[id] = (deadline, continuation)
                        return false
                    }
                    if resumeNow {
                        continuation.resume()
                    }
                }
            } onCancel: {
                let continuation = state.withLock { $0.sleepers.removeValue(forKey: id)?.continuation }
                continuation?.resume(throwing: CancellationError())
            }
        } catch {
            throw CancellationError()
        }
        if Task.isCancelled {
            throw CancellationError()
        }
    }
}

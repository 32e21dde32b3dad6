import Capture
import Evaluation
import Foundation
import Synchronization
import SystemPackage

/// Reads the measured child's stdout as it streams, copies it into a file, and notes when things
/// happened on the parent's clock: the first `OVERLAYS` line, and the last time a price id was
/// shown confirmed for the first time (after it, all prices in view are confirmed).
final class OutputWatcher: Sendable {
    /// What the stream showed, with times in seconds since the child was started.
    struct Summary: Sendable {
        var firstOverlaysSeconds: Double?
        var overlaysLines = 0
        /// When the most recent new confirmed price id appeared.
        var lastNewConfirmationSeconds: Double?
        /// Distinct price ids shown confirmed.
        var confirmedIDs = 0
        /// Why copying stopped early, if it did.
        var failure: String?
    }

    private struct State {
        var summary = Summary()
        var confirmed = Set<String>()
    }

    private static let overlaysPrefix = Array(#"{"class":"OVERLAYS""#.utf8)

    private let started: MonotonicInstant
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    /// - Parameter started: when the child was started, the zero of the times noted.
    init(started: MonotonicInstant) {
        self.started = started
    }

    /// Copies `input` into `output` on a thread of its own until `input` ends; closes both.
    func start(input: Int32, output: Int32) {
        let thread = Thread { [self] in
            copy(input: input, output: output)
            close(input)
            close(output)
            done.signal()
        }
        thread.name = "lensd-bench-output"
        thread.start()
    }

    /// Waits until the stream has ended and returns what it showed.
    func finish() -> Summary {
        done.wait()
        return state.withLock { $0.summary }
    }

    private func copy(input: Int32, output: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        var writing = true
        while true {
            guard let count = try? buffer.withUnsafeMutableBytes({ try FileDescriptor(rawValue: input).read(into: $0) }), count > 0 else {
                break
            }
            let now = MonotonicInstant.now().seconds(since: started)
            let chunk = buffer[0..<count]
            if writing {
                do {
                    _ = try FileDescriptor(rawValue: output).writeAll(chunk)
                } catch {
                    writing = false
                    state.withLock { $0.summary.failure = "cannot write the replay's output: \(error)" }
                }
            }
            pending.append(contentsOf: chunk)
            var lineStart = pending.startIndex
            while let newline = pending[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                note(line: pending[lineStart..<newline], at: now)
                lineStart = newline + 1
            }
            pending.removeSubrange(pending.startIndex..<lineStart)
        }
    }

    private func note(line: ArraySlice<UInt8>, at seconds: Double) {
        guard line.starts(with: Self.overlaysPrefix) else { return }
        let decoder = JSONDecoder()
        let prices = (try? decoder.decode(OutputLine.self, from: Data(line)))?.prices ?? []
        state.withLock { state in
            state.summary.overlaysLines += 1
            if state.summary.firstOverlaysSeconds == nil {
                state.summary.firstOverlaysSeconds = seconds
            }
            for price in prices where price.state != "tentative" && state.confirmed.insert(price.id).inserted {
                state.summary.lastNewConfirmationSeconds = seconds
                state.summary.confirmedIDs += 1
            }
        }
    }
}

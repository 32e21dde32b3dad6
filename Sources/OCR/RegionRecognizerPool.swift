import Synchronization

/// A thread-safe stock of ``RegionRecognizer``s for worker threads that each read one image at a time.
///
/// ``withRecognizer(_:)`` lends a recognizer that no other thread is using (creating one when all are
/// lent) and takes it back afterwards, so each thread reuses buffers without owning a recognizer itself:
/// with a fixed set of workers the stock settles at one recognizer per worker.
public final class RegionRecognizerPool: Sendable {
    public let options: RegionOptions
    private let idle = Mutex<[Lent]>([])

    /// A recognizer in the stock. Unchecked: a recognizer is only touched by the one thread that
    /// took it out of the stock, until it puts it back under the lock.
    private struct Lent: @unchecked Sendable {
        let recognizer: RegionRecognizer
    }

    public init(options: RegionOptions = .init()) {
        self.options = options
    }

    /// Runs `body` with a recognizer that is exclusively the caller's until `body` returns.
    public func withRecognizer<Result, Failure: Error>(
        _ body: (RegionRecognizer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let lent = idle.withLock { $0.popLast() } ?? Lent(recognizer: RegionRecognizer(configuration: options))
        defer { idle.withLock { $0.append(lent) } }
        return try body(lent.recognizer)
    }
}

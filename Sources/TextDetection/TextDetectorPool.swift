import Inference
import Synchronization

/// A thread-safe stock of ``TextDetector``s for worker threads that each detect in one image at a time.
///
/// The model is loaded once when the pool is made, so that a missing or broken model fails at
/// start-up; ``withDetector(_:)`` lends a detector no other thread is using (making one when all
/// are lent, at most ``limit`` at once: further callers wait) and takes it back afterwards.
public final class TextDetectorPool: Sendable {
    public let runtime: InferenceRuntime
    public let modelPath: String
    public let parameters: DBParameters
    /// Detectors at most; each holds its own network and its buffers.
    public let limit: Int
    private let stock: Mutex<Stock>
    private let returned = Condition()

    private struct Stock: @unchecked Sendable {
        var idle: [TextDetector]
        var made: Int
    }

    /// Threads each detector's network runs on.
    public let threads: Int

    public init(runtime: InferenceRuntime, modelPath: String, parameters: DBParameters = .init(), limit: Int = 1, threads: Int = 1) throws(DetectorError) {
        let first = try TextDetector(runtime: runtime, modelPath: modelPath, parameters: parameters, threads: threads)
        self.threads = max(1, threads)
        self.runtime = runtime
        self.modelPath = modelPath
        self.parameters = parameters
        self.limit = max(1, limit)
        self.stock = Mutex(Stock(idle: [first], made: 1))
    }

    /// Runs `body` with a detector that is the caller's alone until `body` returns.
    public func withDetector<Result, Failure: Error>(
        _ body: (TextDetector) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let detector = take()
        defer { give(back: detector) }
        return try body(detector.detector)
    }

    private struct Lent: @unchecked Sendable {
        let detector: TextDetector
    }

    private func take() -> Lent {
        while true {
            let taken: Lent? = stock.withLock { stock in
                if let detector = stock.idle.popLast() { return Lent(detector: detector) }
                guard stock.made < limit, let detector = try? TextDetector(runtime: runtime, modelPath: modelPath, parameters: parameters, threads: threads) else { return nil }
                stock.made += 1
                return Lent(detector: detector)
            }
            if let taken { return taken }
            returned.wait()
        }
    }

    private func give(back lent: Lent) {
        stock.withLock { $0.idle.append(lent.detector) }
        returned.signal()
    }
}

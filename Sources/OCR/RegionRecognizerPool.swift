import Inference
import Synchronization
import TextRecognition

/// A thread-safe stock of ``RegionRecognizer``s for worker threads that each read one image at a time.
///
/// ``withRecognizer(_:)`` lends a recognizer that no other thread is using (creating one when all are
/// lent) and takes it back afterwards, so each thread reuses buffers without owning a recognizer itself:
/// with a fixed set of workers the stock settles at one recognizer per worker.
public final class RegionRecognizerPool: Sendable {
    public let options: RegionOptions
    /// The trained recogniser's files and the runtime that runs them, when detected boxes are read
    /// by it rather than by Tesseract.
    public let recognizerModel: RecognizerModel?
    private let runtime: InferenceRuntime?
    /// Threads each recogniser's networks run on.
    private let threads: Int
    private let idle = Mutex<[Lent]>([])

    /// A recognizer in the stock. Unchecked: a recognizer is only touched by the one thread that
    /// took it out of the stock, until it puts it back under the lock.
    private struct Lent: @unchecked Sendable {
        let recognizer: RegionRecognizer
    }

    public init(options: RegionOptions = .init()) {
        self.options = options
        self.recognizerModel = nil
        self.runtime = nil
        self.threads = 1
    }

    /// A stock whose recognizers read detected boxes with the trained recogniser of `model`. The
    /// first recogniser is loaded here, so that an unusable model fails at start-up.
    public init(
        options: RegionOptions = .init(), runtime: InferenceRuntime, recognizerModel model: RecognizerModel, threads: Int = 1
    ) throws(RecognizerError) {
        self.options = options
        self.recognizerModel = model
        self.runtime = runtime
        self.threads = max(1, threads)
        let first = try TextRecognizer(runtime: runtime, model: model, threads: threads)
        idle.withLock { $0.append(Lent(recognizer: RegionRecognizer(configuration: options, learnedReader: .success(LearnedLineReader(recognizer: first))))) }
    }

    /// Runs `body` with a recognizer that is exclusively the caller's until `body` returns.
    public func withRecognizer<Result, Failure: Error>(
        _ body: (RegionRecognizer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let lent = idle.withLock { $0.popLast() } ?? Lent(recognizer: RegionRecognizer(configuration: options, learnedReader: makeLearnedReader()))
        defer { idle.withLock { $0.append(lent) } }
        return try body(lent.recognizer)
    }

    /// A new recognizer's trained reader: a recogniser that cannot be made now (the files changed
    /// since start-up, memory ran out) fails that recognizer's reads, never reads with Tesseract instead.
    private func makeLearnedReader() -> Result<LearnedLineReader, OCRError>? {
        guard let recognizerModel, let runtime else { return nil }
        do throws(RecognizerError) {
            return .success(LearnedLineReader(recognizer: try TextRecognizer(runtime: runtime, model: recognizerModel, threads: threads)))
        } catch {
            return .failure(.lineRecognitionFailed(error.description))
        }
    }
}

import Foundation
import OCR
import Synchronization

/// Starts the OCR workers on a thread of their own, so that frames flow (and `OVERLAYS` lines go
/// out) while the Tesseract handles initialise, which takes a few hundred milliseconds.
///
/// Jobs planned meanwhile wait in the ``OCRJobQueue``. ``wait()`` returns the started pool, or the
/// error that stopped it (after `failed` has been called with it, on the startup thread).
final class WorkerStartup: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<OCRWorkerPool, OCRError>?>(nil)

    init(
        start: @escaping @Sendable () throws(OCRError) -> OCRWorkerPool,
        failed: @escaping @Sendable (OCRError) -> Void
    ) {
        let thread = Thread { [self] in
            let result: Result<OCRWorkerPool, OCRError>
            do throws(OCRError) {
                result = .success(try start())
            } catch {
                failed(error)
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.name = "lensd-ocr-startup"
        thread.start()
    }

    /// Blocks until the workers have started or failed to.
    func wait() -> Result<OCRWorkerPool, OCRError> {
        done.wait()
        done.signal()
        guard let result = outcome.withLock({ $0 }) else {
            // The startup thread stores its outcome before it signals; no input or environment changes that.
            preconditionFailure("worker startup signalled without an outcome")
        }
        return result
    }
}

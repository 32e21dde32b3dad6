import Synchronization

/// Where OCR workers leave finished ``OCRJobResult``s for the frame thread, which collects them
/// all at the start of each frame.
final class ResultMailbox: Sendable {
    private let results = Mutex<[OCRJobResult]>([])

    func post(_ result: OCRJobResult) {
        results.withLock { $0.append(result) }
    }

    /// Takes the results posted so far, in job order: all of them, or those for frames up to `sequence`.
    func collect(throughFrame sequence: UInt64? = nil) -> [OCRJobResult] {
        results.withLock { results in
            guard let sequence else {
                defer { results.removeAll(keepingCapacity: true) }
                return results.sorted { $0.job < $1.job }
            }
            let taken = results.filter { $0.frameSequence <= sequence }
            results.removeAll { $0.frameSequence <= sequence }
            return taken.sorted { $0.job < $1.job }
        }
    }
}

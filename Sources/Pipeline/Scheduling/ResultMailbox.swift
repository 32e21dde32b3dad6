import Synchronization

/// Where OCR workers leave finished ``OCRJobResult``s for the frame thread, which collects them
/// all at the start of each frame.
final class ResultMailbox: Sendable {
    private let results = Mutex<[OCRJobResult]>([])
    /// When results land (`--fast`); `nil`: on the frame their job was planned on.
    let lag: ReadLag?

    init(lag: ReadLag? = nil) {
        self.lag = lag
    }

    func post(_ result: OCRJobResult) {
        results.withLock { $0.append(result) }
    }

    /// Takes the results posted so far, in job order: all of them, or those due on frames up to
    /// `sequence` (see ``lag``).
    func collect(throughFrame sequence: UInt64? = nil) -> [OCRJobResult] {
        results.withLock { results in
            guard let sequence else {
                defer { results.removeAll(keepingCapacity: true) }
                return results.sorted { $0.job < $1.job }
            }
            let isDue = { [lag] (result: OCRJobResult) in (lag?.landing(of: result) ?? result.frameSequence) <= sequence }
            let taken = results.filter(isDue)
            results.removeAll(where: isDue)
            return taken.sorted { $0.job < $1.job }
        }
    }
}

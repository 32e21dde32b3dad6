import LensProtocol

/// Whole-run latency histograms of the pipeline's stages (see ``LatencyStage``).
final class StageLatencies: Sendable {
    private let queue = LatencyHistogram()
    private let ocr = LatencyHistogram()
    private let frame = LatencyHistogram()
    private let endToEnd = LatencyHistogram()

    /// The histogram of `stage`.
    func histogram(_ stage: LatencyStage) -> LatencyHistogram {
        switch stage {
        case .queue: queue
        case .ocr: ocr
        case .frame: frame
        case .endToEnd: endToEnd
        }
    }

    /// Records one latency of `stage`.
    func record(_ stage: LatencyStage, milliseconds: Double) {
        histogram(stage).record(milliseconds: milliseconds)
    }

    /// Every stage's summary so far, or nil while no stage has a sample.
    func message() -> StageLatenciesMessage? {
        let message = StageLatenciesMessage(
            queue: queue.summary(), ocr: ocr.summary(), frame: frame.summary(), endToEnd: endToEnd.summary())
        return message.isEmpty ? nil : message
    }
}

import Conversion
import OCR
import Tracking

/// The ordered stage of the pipeline: OCR lines of one frame → prices → tracks → conversions → `OVERLAYS`.
///
/// Runs on one serial queue, frame after frame in frame order; it owns the tracker.
final class PriceStage {
    private let extractor: PriceExtractor
    private let tracker: PriceTracker
    private let presenter: PricePresenter
    private let events: EventStream
    private var reportedConversionFailures: Set<String> = []

    init(extractor: PriceExtractor, tracker: PriceTracker, presenter: PricePresenter, events: EventStream) {
        self.extractor = extractor
        self.tracker = tracker
        self.presenter = presenter
        self.events = events
    }

    /// Processes one frame's OCR result and emits its `OVERLAYS` line.
    /// - Parameter time: seconds since the first frame of the stream.
    func process(sequence: UInt64, time: Double, width: Int, height: Int, lines: [OCRLine]) {
        let detections = lines.flatMap { extractor.prices(in: TextLine($0)) }
        let tracks = tracker.update(detections: detections, at: time)
        let prices = tracks.map { track in
            let (message, failures) = presenter.message(for: track, frameWidth: width, frameHeight: height)
            report(failures, frame: sequence)
            return message
        }
        events.emit(OverlaysMessage(frame: sequence, time: (time * 1000).rounded() / 1000, width: width, height: height, prices: prices))
    }

    /// Reports each distinct conversion failure once per run, not once per frame.
    private func report(_ failures: [ConversionError], frame: UInt64) {
        for failure in failures where reportedConversionFailures.insert(failure.description).inserted {
            events.emit(ErrorMessage(message: failure.description, concerns: "conversion", frame: frame))
        }
    }
}

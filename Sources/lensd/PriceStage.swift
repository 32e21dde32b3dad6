import Conversion
import Foundation
import OCR
import Tracking

/// The ordered stage of the pipeline: OCR lines of one frame → prices → tracks → conversions → `OVERLAYS`.
///
/// Runs on one serial queue, frame after frame in frame order; it owns the tracker.
final class PriceStage {
    var extractor: PriceExtractor
    let tracker: PriceTracker
    var presenter: PricePresenter
    private let rates: RateService
    private let locale: Locale
    let events: EventStream
    /// Control messages waiting for this stage, and the state they set (see `PriceStage+Control`).
    let control: StageControl?
    private var reportedConversionFailures: Set<String> = []

    init(
        extractor: PriceExtractor, tracker: PriceTracker, presenter: PricePresenter, rates: RateService, locale: Locale,
        events: EventStream, control: StageControl? = nil
    ) {
        self.extractor = extractor
        self.tracker = tracker
        self.presenter = presenter
        self.rates = rates
        self.locale = locale
        self.events = events
        self.control = control
    }

    /// Processes one frame's OCR result and emits its `OVERLAYS` line.
    /// - Parameter time: seconds since the first frame of the stream.
    func process(sequence: UInt64, time: Double, width: Int, height: Int, lines: [OCRLine]) {
        applyPendingControls()
        let detections = lines.flatMap { extractor.prices(in: TextLine($0)) }
            .filter { !Self.isCutOff($0, width: width, height: height) }
            .map(applyingCurrencyDetection)
        let tracks = tracker.update(detections: detections, at: time)
            .filter { $0.locked || !Self.touchesBorder($0.box, width: width, height: height) }
        let view = RateView(snapshot: rates.current, locale: locale, now: Date())
        let prices = tracks.map { track in
            let (message, failures) = presenter.message(for: track, rates: view, frameWidth: width, frameHeight: height)
            report(failures, frame: sequence)
            return message
        }
        events.emit(OverlaysMessage(frame: sequence, time: (time * 1000).rounded() / 1000, width: width, height: height, prices: prices))
    }

    /// Whether a detection may be cut off by the frame's edge (see ``touchesBorder(_:width:height:margin:)``).
    ///
    /// An amount with no printed currency gets a wider margin, two text heights: its code or
    /// symbol may be just outside the frame (`USD 78.99` read as `78.99`).
    static func isCutOff(_ price: DetectedPrice, width: Int, height: Int) -> Bool {
        let margin = price.currencyEvidence == .default ? 2 * price.box.height : price.box.height / 2
        return touchesBorder(price.box, width: width, height: height, margin: margin)
    }

    /// Whether a box comes within `margin` (default half its text height, at least 2 px) of the frame's edge.
    ///
    /// A price cut by the edge reads as a different amount (`$2` of `$24.99`, `7.00` of `17.00`,
    /// `194.95` without its `CHF`), and OCR drops a partly visible glyph, so the box of a cut price
    /// ends a little before the edge. Such reads are not shown until the price is fully in view.
    /// Tracks whose predicted box reaches the edge are not shown either: the price is leaving the view.
    static func touchesBorder(_ box: PixelRect, width: Int, height: Int, margin: Double? = nil) -> Bool {
        let margin = max(2, margin ?? box.height / 2)
        return box.x <= margin || box.y <= margin
            || box.maxX >= Double(width) - margin || box.maxY >= Double(height) - margin
    }

    /// Reports each distinct conversion failure once per run, not once per frame.
    private func report(_ failures: [ConversionError], frame: UInt64) {
        for failure in failures where reportedConversionFailures.insert(failure.description).inserted {
            events.emit(ErrorMessage(message: failure.description, concerns: "conversion", frame: frame))
        }
    }
}

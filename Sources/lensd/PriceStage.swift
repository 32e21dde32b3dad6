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
    /// Camera shift between consecutive processed frames; moves every track, read or not.
    private var motion = MotionEstimator()
    var presenter: PricePresenter
    private let rates: RateService
    private let locale: Locale
    let events: EventStream
    /// Control messages waiting for this stage, and the state they set (see `PriceStage+Control`).
    let control: StageControl?
    private var reportedConversionFailures: Set<String> = []
    /// Whether to write a `TRACK` line per tracker event before each `OVERLAYS` (`replay --events`).
    var emitsTrackEvents = false
    /// Tracks below this confidence are not shown (`--min-confidence`); they are still tracked.
    var minimumConfidence = 0.0

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
    /// - Parameters:
    ///   - time: seconds since the first frame of the stream.
    ///   - luma: the frame's luma plane (`stride` bytes a row), for the camera-motion estimate.
    func process(sequence: UInt64, time: Double, width: Int, height: Int, luma: [UInt8], stride: Int, lines: [OCRLine]) {
        applyPendingControls()
        let shift = motion.estimate(luma: luma, width: width, height: height, stride: stride)
        let detections = lines.flatMap { extractor.prices(in: TextLine($0)) }
            .filter { !Self.isCutOff(text: $0.text, evidence: $0.currencyEvidence, box: $0.box, width: width, height: height) }
            .map(applyingCurrencyDetection)
        let tracks = tracker.update(
            detections: detections, at: time, imageMotion: shift, frameSize: (width: Double(width), height: Double(height)))
            .filter { $0.locked || !Self.isCutOff(text: $0.text, evidence: $0.currencyEvidence, box: $0.box, width: width, height: height) }
            .filter { $0.locked || $0.confidence >= minimumConfidence }
        let view = RateView(snapshot: rates.current, locale: locale, now: Date())
        if emitsTrackEvents {
            for event in tracker.events {
                let message = presenter.message(for: event.price, rates: view, frameWidth: width, frameHeight: height).0
                events.emit(TrackMessage(type: event.kind.rawValue, frame: sequence, price: message))
            }
        }
        let prices = tracks.map { track in
            let (message, failures) = presenter.message(for: track, rates: view, frameWidth: width, frameHeight: height)
            report(failures, frame: sequence)
            return message
        }
        events.emit(OverlaysMessage(frame: sequence, time: (time * 1000).rounded() / 1000, width: width, height: height, prices: prices))
    }

    /// Whether a price read near the frame's edge may be cut off there, so that it reads as a
    /// different amount (`$2` of `$24.99`, `7.00` of `17.00`, `78.99` of `USD 78.99`).
    ///
    /// Only a side where the text ends in digits can hide more digits: a leading marker (`EUR 85,99`,
    /// `¥4,250`) shows the left end is complete, a trailing one (`12,99 €`) the right end. Such an
    /// end counts as cut when it lies within half the text height of the edge (OCR drops a partly
    /// visible glyph, so the box of a cut price ends a little before the edge); an amount with no
    /// printed currency gets two text heights on both sides, as its marker may be the part outside.
    /// Top and bottom only need the box inside the frame: cutting text vertically does not change
    /// what it says.
    static func isCutOff(
        text: String, evidence: CurrencyEvidence, box: PixelRect, width: Int, height: Int
    ) -> Bool {
        let unmarked = evidence == .default
        let margin = max(2, unmarked ? 2 * box.height : box.height / 2)
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let openLeft = unmarked || trimmed.first?.isNumber ?? true
        let openRight = unmarked || trimmed.last?.isNumber ?? true
        return (openLeft && box.x <= margin) || (openRight && box.maxX >= Double(width) - margin)
            || box.y < 1 || box.maxY > Double(height) - 1
    }

    /// Reports each distinct conversion failure once per run, not once per frame.
    private func report(_ failures: [ConversionError], frame: UInt64) {
        for failure in failures where reportedConversionFailures.insert(failure.description).inserted {
            events.emit(ErrorMessage(message: failure.description, concerns: "conversion", frame: frame))
        }
    }
}

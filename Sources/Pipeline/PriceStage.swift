import Conversion
import Foundation
import LensProtocol
import OCR
import PriceParsing
import SceneAnalysis
import Tracking

/// The ordered stage of the pipeline: OCR lines of one frame → prices → tracks → conversions → `OVERLAYS`.
///
/// Runs on one serial queue, frame after frame in frame order; it owns the tracker.
public final class PriceStage {
    var extractor: PriceExtractor
    let tracker: PriceTracker
    /// Camera motion between consecutive processed frames; moves every track, read or not.
    private var motion = MotionEstimator()
    var presenter: PricePresenter
    let rates: RateService
    private let locale: Locale
    let events: EventStream
    /// Control messages waiting for this stage, and the state they set (see `PriceStage+Control`).
    let control: StageControl?
    private var reportedConversionFailures: Set<String> = []
    /// Whether to write a `TRACK` line per tracker event before each `OVERLAYS` (`replay --events`).
    public var emitsTrackEvents = false
    /// Tracks below this confidence are not shown (`--min-confidence`); they are still tracked.
    public var minimumConfidence = 0.0
    /// Gets each frame's `OVERLAYS` message for the HTTP viewer and `--annotate` (the frame is offered to it before).
    public var frameTap: FrameTap?

    public init(
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

    /// Processes one frame's OCR result (the whole frame was read) and emits its `OVERLAYS` line.
    /// - Parameters:
    ///   - time: seconds since the first frame of the stream.
    ///   - luma: the frame's luma plane (`stride` bytes a row), for the camera-motion estimate.
    func process(sequence: UInt64, time: Double, width: Int, height: Int, luma: [UInt8], stride: Int, lines: [OCRLine]) {
        applyPendingControls()
        let imageMotion = motion.estimate(luma: luma, width: width, height: height, stride: stride)
        let tracks = tracker.update(
            detections: detections(in: lines, offset: .identity, rightEndsShown: [], width: width, height: height),
            at: time, imageMotion: imageMotion, frameSize: (width: Double(width), height: Double(height)))
        publish(tracks, sequence: sequence, time: time, width: width, height: height)
    }

    /// Processes one frame of a scheduled run: moves every track by the frame's measured motion,
    /// folds in the reads that finished since the previous frame (each moved from its own frame
    /// into this one's pixels) and emits the frame's `OVERLAYS` line.
    ///
    /// A track counts as missed only when its box lies in a part of the frame some read covered.
    func process(sequence: UInt64, time: Double, width: Int, height: Int, motion: ImageMotion?, readings: [FrameReading]) {
        applyPendingControls()
        let frameSize = (width: Double(width), height: Double(height))
        guard !readings.isEmpty else {
            let tracks = tracker.predict(at: time, imageMotion: motion, frameSize: frameSize)
            return publish(tracks, sequence: sequence, time: time, width: width, height: height)
        }
        var tracks: [TrackedPrice] = []
        var earlierEvents: [TrackEvent] = []
        let passes = Set(readings.map(\.pass)).sorted()
        for (index, pass) in passes.enumerated() {
            let batch = readings.filter { $0.pass == pass }
            let found = batch.flatMap { reading in
                detections(
                    in: reading.lines, offset: reading.offset, rightEndsShown: reading.rightEndsShown.map { reading.offset.applied(to: $0) },
                    partial: reading.partial.map { reading.offset.applied(to: $0) }, pass: pass, width: width, height: height)
            }
            let observed = batch.flatMap { reading in reading.observed.map { reading.offset.applied(to: $0) } }
            // Later passes read the same frame again: no time passes and the image does not move.
            // They read the prices just read again: they confirm tracks, they start none.
            tracks = tracker.update(
                detections: found, at: time, imageMotion: index == 0 ? motion : .identity, frameSize: frameSize, observed: observed,
                startingTracks: pass == 0)
            if index < passes.count - 1 { earlierEvents += tracker.events }
        }
        publish(tracks, sequence: sequence, time: time, width: width, height: height, earlierEvents: earlierEvents)
    }

    /// The prices of OCR lines, moved by `offset`, without those cut by the frame's edge, those with
    /// no currency marker on a `partial` line, and, for a second or third read (`pass` above 0),
    /// those with no currency marker at all. The currency a control message sets is applied last:
    /// these tests go by what was printed.
    private func detections(
        in lines: [OCRLine], offset: ImageMotion, rightEndsShown: [PixelRect], partial: [PixelRect] = [], pass: Int = 0, width: Int,
        height: Int
    ) -> [DetectedPrice] {
        let found = lines.flatMap { extractor.prices(in: TextLine($0)) }
            .map { price in
                var price = price
                price.box = offset.applied(to: price.box)
                return price
            }
            .filter { price in
                let shown = rightEndsShown.contains { $0.contains(x: price.box.midX, y: price.box.midY) }
                return !Self.isCutOff(text: price.text, evidence: price.currencyEvidence, box: price.box, width: width, height: height, rightEndShown: shown)
            }
        return Self.droppingUnmarked(found, on: partial)
            .filter { pass == 0 || Self.confirmsOnItsFrame($0) }
            .map(applyingCurrencyDetection)
    }

    /// The prices without the amounts read with no currency marker on one of the `partial` lines
    /// (read while not yet in full view; see ``FrameReading/partial``).
    static func droppingUnmarked(_ prices: [DetectedPrice], on partial: [PixelRect]) -> [DetectedPrice] {
        prices.filter { price in
            price.currencyEvidence != .default || !partial.contains { $0.contains(x: price.box.midX, y: price.box.midY) }
        }
    }

    /// Whether a second or third read of the same frame (``FrameReading/pass``) counts for a price:
    /// when it shows a currency marker, or when the reader was all but sure of its characters
    /// (``sureReadConfidence``). Other amounts with none are confirmed by a read of another
    /// frame. The crops of one frame share its blur, and bare amounts are what a measure or a date
    /// misreads as: a `2.3L` read `2.31` in the line and again in its crop was shown as USD 2.31 on
    /// 17 frames of a generated hand-held sequence. The trained recogniser reads a shelf tag's bare
    /// digits at a surety such misreads do not reach, and a tag in view for a few seconds of a pan
    /// seldom gets the second look another frame's read needs.
    static func confirmsOnItsFrame(_ price: DetectedPrice) -> Bool {
        price.currencyEvidence != .default || (price.readConfidence ?? 0) >= sureReadConfidence
    }

    /// The read confidence from which a bare amount's second read of its own frame confirms it.
    static let sureReadConfidence = 0.95

    /// Emits the frame's `TRACK` events (with `--events`) and its `OVERLAYS` line.
    private func publish(
        _ tracked: [TrackedPrice], sequence: UInt64, time: Double, width: Int, height: Int, earlierEvents: [TrackEvent] = []
    ) {
        let tracks = tracked.filter { track in
            track.locked
                || !(Self.isCutOff(text: track.text, evidence: track.currencyEvidence, box: track.box, width: width, height: height,
                                   marginScale: Self.trackMarginScale)
                    || Self.isOutside(track.box, width: width, height: height))
        }.filter { $0.locked || $0.confidence >= minimumConfidence }
        let view = RateView(snapshot: rates.current, locale: locale, now: Date())
        if emitsTrackEvents {
            for event in earlierEvents + tracker.events {
                let message = presenter.message(for: event.price, rates: view, frameWidth: width, frameHeight: height).0
                events.emitLater(TrackMessage(type: event.kind.rawValue, frame: sequence, price: message))
            }
        }
        let prices = tracks.map { track in
            let (message, failures) = presenter.message(for: track, rates: view, frameWidth: width, frameHeight: height)
            report(failures, frame: sequence)
            return message
        }
        let message = OverlaysMessage(frame: sequence, time: (time * 1000).rounded() / 1000, width: width, height: height, prices: prices)
        frameTap?.show(message)
        events.emitLater(message)
    }

    /// The part of the half-height margin a tracked price with a printed currency keeps from the
    /// edge to be shown: its value was read in full view, so moving towards the edge does not
    /// change it, but its box may lie a little wide of the text (a blurred read widened it:
    /// `11,99 €` on handheld-640 was hidden for 17 frames, 25 px from the edge, its box starting
    /// 5 px before the truth's).
    /// Amounts with an assumed currency keep two heights: the marker may be the part outside.
    static let trackMarginScale = 0.25

    /// Whether a price read near the frame's edge may be cut off there, so that it reads as a
    /// different amount (`$2` of `$24.99`, `7.00` of `17.00`, `78.99` of `USD 78.99`).
    ///
    /// Only a side where the text ends in digits can hide more digits: a leading marker (`EUR 85,99`,
    /// `¥4,250`) shows the left end is complete, a trailing one (`12,99 €`) the right end. Such an
    /// end counts as cut when it lies within half the text height of the edge (OCR drops a partly
    /// visible glyph, so the box of a cut price ends a little before the edge); an amount with no
    /// printed currency gets two text heights on both sides, as its marker may be the part outside.
    /// Top and bottom only need the box inside the frame: cutting text vertically does not change
    /// what it says. A box touching the left or right edge is cut whatever it starts or ends with
    /// (a partly visible glyph can read as a marker: `$` of `5`). `marginScale` scales the half
    /// height of a price with a printed currency (``trackMarginScale`` for tracks).
    /// `rightEndShown`: the read's end was checked in its frame's pixels to be whole and clear of
    /// the edge (``FrameReading/rightEndsShown``), so it is not open however near the edge.
    static func isCutOff(
        text: String, evidence: CurrencyEvidence, box: PixelRect, width: Int, height: Int, marginScale: Double = 1,
        rightEndShown: Bool = false
    ) -> Bool {
        let unmarked = evidence == .default
        let margin = max(2, unmarked ? 2 * box.height : marginScale * box.height / 2)
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let openLeft = unmarked || trimmed.first?.isNumber ?? true
        let openRight = unmarked || !rightEndShown && trimmed.last?.isNumber ?? true
        return (openLeft && box.x <= margin) || (openRight && box.maxX >= Double(width) - margin)
            || box.x < 1 || box.maxX > Double(width) - 1 || box.y < 1 || box.maxY > Double(height) - 1
    }

    /// Whether a tracked box has moved partly out of the frame (by more than a pixel of smoothing
    /// error): the price is no longer in full view, whatever it read as when it was.
    static func isOutside(_ box: PixelRect, width: Int, height: Int) -> Bool {
        box.x < -1 || box.y < -1 || box.maxX > Double(width) + 1 || box.maxY > Double(height) + 1
    }

    /// Reports each distinct conversion failure once per run, not once per frame.
    private func report(_ failures: [ConversionError], frame: UInt64) {
        for failure in failures where reportedConversionFailures.insert(failure.description).inserted {
            events.emit(ErrorMessage(message: failure.description, concerns: "conversion", frame: frame))
        }
    }
}

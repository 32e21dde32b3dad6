import Capture
import Conversion
import Foundation
import LensProtocol
import OCR
import PriceParsing
import SceneAnalysis
import Testing
import Tracking
@testable import Pipeline

/// How the second and third reads of one frame (``FrameReading/pass``) confirm a price, through a
/// real ``PriceStage`` with the bundled rates and its output thrown away.
@Suite("PriceStage confirmation")
struct PriceStageConfirmationTests {
    static let box = OCRRect(x: 300, y: 200, width: 90, height: 30)

    static func stage(detectingCurrency: Bool = true) throws -> PriceStage {
        let sink = open("/dev/null", O_WRONLY)
        try #require(sink >= 0)
        var configuration = PriceTracker.Configuration()
        configuration.estimatesVelocity = false
        let status = DaemonStatus(DaemonStatus.Snapshot(
            zoom: ZoomMessage(.digital(level: 1)), torch: TorchMessage(available: false, on: false),
            currency: CurrencyStateMessage(source: "USD", targets: ["EUR"], autoDetect: detectingCurrency, preset: nil)))
        let control = StageControl(inbox: ControlInbox(), status: status, metrics: PipelineMetrics())
        control.autoDetect = detectingCurrency
        return PriceStage(
            extractor: PriceExtractor(configuration: .init(sourceCurrency: "USD")),
            tracker: PriceTracker(configuration: configuration),
            presenter: PricePresenter(targets: ["EUR"]),
            rates: try RateService(configuration: RateServiceConfiguration(cache: nil), fetcher: nil),
            locale: Locale(identifier: "en_US"),
            events: EventStream(descriptor: sink), control: control)
    }

    static func reading(_ text: String, pass: Int = 0, partial: Bool = false) -> FrameReading {
        let line = OCRLine(text: text, box: box, confidence: 0.9, words: [OCRWord(text: text, box: box, confidence: 0.9)])
        let rect = PixelRect(x: 300, y: 200, width: 90, height: 30)
        return FrameReading(lines: [line], offset: .identity, observed: [rect], partial: partial ? [rect] : [], pass: pass)
    }

    static func states(after frames: [[FrameReading]], detectingCurrency: Bool = true) throws -> [TrackState] {
        let stage = try stage(detectingCurrency: detectingCurrency)
        for (index, readings) in frames.enumerated() {
            stage.process(sequence: UInt64(index), time: Double(index) / 30, width: 640, height: 480, motion: .identity, readings: readings)
        }
        return stage.tracker.summaries.map(\.state)
    }

    @Test("a second read of the same frame confirms a price with its currency marker")
    func markedPriceConfirmsOnItsFrame() throws {
        let states = try Self.states(after: [[Self.reading("$2.31"), Self.reading("$2.31", pass: 1)]])
        #expect(states.count == 1)
        #expect(states.allSatisfy { $0 != .tentative })
    }

    @Test("a second read of the same frame does not confirm an amount with no currency marker")
    func bareAmountWaitsForAnotherFrame() throws {
        let states = try Self.states(after: [[Self.reading("2.31"), Self.reading("2.31", pass: 1), Self.reading("2.31", pass: 2)]])
        #expect(states == [.tentative])
    }

    @Test("an amount with no currency marker is confirmed by a read of another frame")
    func bareAmountConfirmsOnTheNextFrame() throws {
        let states = try Self.states(after: [[Self.reading("2.31")], [Self.reading("2.31")]])
        #expect(states.count == 1)
        #expect(states.allSatisfy { $0 != .tentative })
    }

    @Test("with currency detection off, what was printed still decides which reads count")
    func printedMarkerCountsWithDetectionOff() throws {
        let confirmed = try Self.states(after: [[Self.reading("€2.31"), Self.reading("€2.31", pass: 1)]], detectingCurrency: false)
        #expect(confirmed.count == 1)
        #expect(confirmed.allSatisfy { $0 != .tentative })
        // A marked price on a line not yet in full view is used; an unmarked one is not.
        #expect(try Self.states(after: [[Self.reading("€2.31", partial: true)]], detectingCurrency: false) == [.tentative])
        #expect(try Self.states(after: [[Self.reading("2.31", partial: true)]], detectingCurrency: false).isEmpty)
    }
}

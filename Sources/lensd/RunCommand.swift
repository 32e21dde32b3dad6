import ArgumentParser
import Capture
import Conversion
import Dispatch
import Foundation
import Logging
import Tracking

/// `lensd run`: the whole pipeline on a live V4L2 camera.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Capture from a camera and stream OVERLAYS as NDJSON.",
        discussion: """
            Captures through libv4l2 from --device (default: the first capture-capable /dev/video* node). \
            The mode closest to --size and --fps is negotiated and reported in a DEVICE line. When the camera \
            is unplugged lensd reports DEVICE inactive and reconnects once it is back. SIGINT or SIGTERM \
            end the stream cleanly with a final STATS line.
            """)

    @Option(help: "The V4L2 device node (default: the first capture-capable one).")
    var device: String?

    @Option(help: ArgumentHelp("Requested frame size; the closest size offered is used.", valueName: "WIDTHxHEIGHT"))
    var size = "1280x720"

    @Option(help: "Requested frame rate; the closest rate offered is used.")
    var fps: Double = 30

    @Option(help: "Initial zoom: optical in the camera's units, else digital 1 to 4 (clamped).")
    var zoom: Double?

    @Flag(help: "Switch the torch on (an error is reported if the camera has none).")
    var torch = false

    @Option(help: "Stop after this many captured frames.")
    var frames: UInt64?

    @Option(help: "Frames that may wait for OCR (the oldest is dropped when full).")
    var queueCapacity = 2

    @Flag(help: "Also output tentative tracks (seen too few times to be confirmed).")
    var includeTentative = false

    @OptionGroup var ocr: OCROptions
    @OptionGroup var currency: CurrencyOptions
    @OptionGroup var rateOptions: RateOptions
    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard CaptureRequest.parseSize(size) != nil else {
            throw ValidationError("--size must be WIDTHxHEIGHT, e.g. 1280x720")
        }
        if !(fps > 0 && fps <= 1000) {
            throw ValidationError("--fps must be above 0 and at most 1000")
        }
        if !(1...1024).contains(queueCapacity) {
            throw ValidationError("--queue-capacity must be between 1 and 1024")
        }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        let currencies = try currency.resolve()
        let logger = logging.makeLogger(label: "lensd.run")
        let events = EventStream()
        events.emit(VersionMessage())

        let rates: RateService
        do throws(RateError) {
            rates = try rateOptions.makeService(base: currencies.base)
        } catch {
            logger.critical("\(error.description)")
            events.emit(ErrorMessage(message: error.description, concerns: "startup"))
            throw ExitCode(ExitStatus.startupFailed)
        }
        let rateFeed = RateFeed(service: rates, events: events, logger: logger)
        rateFeed.start()
        defer { rateFeed.stop() }

        let path = device ?? DeviceEnumerator().firstCaptureDevice() ?? "/dev/video0"
        let requested = CaptureRequest.parseSize(size) ?? (1280, 720)
        // The camera's controls exist only once the camera does; its status callback reads them then.
        let controls = LateControls()
        let camera = CameraSource(
            configuration: .init(
                path: path,
                request: CaptureRequest(width: requested.width, height: requested.height, framesPerSecond: fps),
                frameLimit: frames),
            onStatus: { status in
                DeviceStatusReporter.report(status, path: path, controls: controls.current, events: events, logger: logger)
            },
            onControlProblem: { problem in
                logger.warning("\(problem.description)")
                events.emit(ErrorMessage(message: problem.description, concerns: "device", path: path))
            })
        controls.set(camera.controls)
        try applyInitialControls(camera.controls, events: events, logger: logger)
        let stopOnSignals = SignalStopper(signals: [SIGINT, SIGTERM], stop: camera.stopSignal)

        var trackerConfiguration = PriceTracker.Configuration()
        trackerConfiguration.includeTentative = includeTentative
        let stage = PriceStage(
            extractor: currency.extractor(source: currencies.source),
            tracker: PriceTracker(configuration: trackerConfiguration),
            presenter: PricePresenter(targets: currencies.targets),
            rates: rates, locale: currency.resolvedLocale,
            events: events)
        let metrics = PipelineMetrics()
        let pipeline = ReplayPipeline(
            options: .init(
                pacing: .fast,
                mediaFrameRate: fps,
                loop: false,
                queueCapacity: queueCapacity,
                workers: ocr.workerCount,
                ocr: ocr.configuration(defaultSegmentation: .sparseText),
                reader: ocr.reader,
                liveSource: true),
            events: events, logger: logger, metrics: metrics, stats: StatsReporter(metrics: metrics))
        let outcome = pipeline.run(source: camera, stage: stage)
        withExtendedLifetime(stopOnSignals) {}
        switch outcome {
        case .finished:
            return
        case .inputFailed:
            throw ExitCode(ExitStatus.inputFailed)
        case .startupFailed:
            throw ExitCode(ExitStatus.startupFailed)
        }
    }

    private func applyInitialControls(_ controls: CameraControls, events: EventStream, logger: Logger) throws {
        do throws(ControlError) {
            if let zoom {
                _ = try controls.setZoom(zoom)
            }
            if torch {
                _ = try controls.setTorch(true)
            }
        } catch {
            logger.warning("\(error.description)")
            events.emit(ErrorMessage(message: error.description, concerns: "device", path: device))
        }
    }
}

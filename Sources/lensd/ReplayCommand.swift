import ArgumentParser
import Capture
import Conversion
import Foundation
import Tracking

/// `lensd replay`: runs the whole pipeline on recorded frames.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run the pipeline on recorded frames and stream OVERLAYS as NDJSON.",
        discussion: """
            PATH is an image file (PNG, JPEG, PNM, TIFF), a directory of them (natural sort), \
            a YUV4MPEG2 file (.y4m), or - for YUV4MPEG2 on stdin, e.g.
              ffmpeg -i clip.mp4 -f yuv4mpegpipe -pix_fmt gray - | lensd replay -
            Frames are paced in real time (the Y4M frame rate, --fps, else 30 fps) and the oldest \
            waiting frame is dropped when OCR falls behind; --fast processes every frame as fast as possible.
            """)

    @Argument(help: ArgumentHelp("Image files, a directory, a .y4m file, or - for stdin.", valueName: "path"))
    var paths: [String]

    @Option(help: "Frame rate of the replay timeline (default: the Y4M header's, else 30).")
    var fps: Double?

    @Flag(help: "Process every frame as fast as the pipeline goes; never drop (benchmarks, reproducible output).")
    var fast = false

    @Flag(help: "Start again at the end (not for stdin).")
    var loop = false

    @Option(help: "Frames that may wait for OCR.")
    var queueCapacity = 2

    @Flag(help: "Also output tentative tracks (seen too few times to be confirmed).")
    var includeTentative = false

    @Flag(name: .customLong("events"), help: "Also output a TRACK line (new, update, end) for each change in the shown tracks.")
    var trackEvents = false

    @OptionGroup var ocr: OCROptions
    @OptionGroup var currency: CurrencyOptions
    @OptionGroup var rateOptions: RateOptions
    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 1000) {
            throw ValidationError("--fps must be above 0 and at most 1000")
        }
        if !(1...1024).contains(queueCapacity) {
            throw ValidationError("--queue-capacity must be between 1 and 1024")
        }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        let currencies = try currency.resolve()
        let logger = logging.makeLogger(label: "lensd.replay")
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

        let source: any FrameSource
        do throws(ReplayError) {
            source = try ReplaySource.open(paths: paths)
        } catch {
            logger.error("\(error.description)")
            events.emit(ErrorMessage(message: error.description, concerns: "replay", path: paths.joined(separator: " ")))
            events.emit(DeviceMessage(source: "replay", path: paths.joined(separator: " "), state: .error))
            throw ExitCode(ExitStatus.inputFailed)
        }

        let frameRate = fps ?? source.nominalFrameRate ?? 30
        var trackerConfiguration = PriceTracker.Configuration()
        trackerConfiguration.includeTentative = includeTentative
        let stage = PriceStage(
            extractor: currency.extractor(source: currencies.source),
            tracker: PriceTracker(configuration: trackerConfiguration),
            presenter: PricePresenter(targets: currencies.targets),
            rates: rates, locale: currency.resolvedLocale,
            events: events)
        stage.emitsTrackEvents = trackEvents
        let pipeline = ReplayPipeline(
            options: .init(
                pacing: fast ? .fast : .realtime(framesPerSecond: frameRate),
                mediaFrameRate: frameRate,
                loop: loop,
                queueCapacity: queueCapacity,
                workers: ocr.workerCount,
                ocr: ocr.configuration(defaultSegmentation: .sparseText),
                reader: ocr.reader),
            events: events, logger: logger)
        switch pipeline.run(source: source, stage: stage) {
        case .finished:
            return
        case .inputFailed:
            throw ExitCode(ExitStatus.inputFailed)
        case .startupFailed:
            throw ExitCode(ExitStatus.startupFailed)
        }
    }
}

import ArgumentParser
import Capture
import Conversion
import Foundation
import Logging
import ServiceLifecycle
import Tracking

/// `lensd replay`: runs the whole pipeline on recorded frames.
struct ReplayCommand: AsyncParsableCommand {
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

    @Option(help: ArgumentHelp(
        "Read control messages from stdin (replies on stdout), or none (default: stdin unless frames come from stdin).",
        valueName: "stdin|none"))
    var control: ControlSource?

    @Option(
        name: .customLong("listen"),
        help: ArgumentHelp(
            "Serve the stream and control to socket clients: unix:PATH or tcp:[HOST:]PORT (HOST defaults to 127.0.0.1); repeatable.",
            valueName: "address"))
    var listenAddresses: [ListenAddress] = []

    @Option(help: ArgumentHelp("Send a STATS line every N seconds (0: only the last one).", valueName: "seconds"))
    var statsInterval: Double = 0

    @Option(help: ArgumentHelp("Bytes of output that may wait for one socket client before it is disconnected.", valueName: "bytes"))
    var clientBuffer = 256 * 1024

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
        if !(statsInterval >= 0 && statsInterval <= 86_400) {
            throw ValidationError("--stats-interval must be between 0 and 86400 seconds")
        }
        if !(4096...(64 << 20)).contains(clientBuffer) {
            throw ValidationError("--client-buffer must be between 4096 and 67108864 bytes")
        }
        if control == .stdin, paths.contains("-") {
            throw ValidationError("--control stdin cannot be used when frames come from stdin")
        }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let escalation = SignalEscalation()
        escalation.start()
        let currencies = try currency.resolve()
        let presets = try currency.presets()
        let logger = logging.makeLogger(label: "lensd.replay")
        let hub = listenAddresses.isEmpty ? nil : ClientHub()
        let events = EventStream(fanOut: hub)
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
        let metrics = PipelineMetrics()
        let stats = StatsReporter(metrics: metrics)
        let device = DigitalZoomControls()
        let status = DaemonStatus(DaemonStatus.Snapshot(
            zoom: PriceStage.zoomState(device),
            torch: TorchMessage(available: device.hasTorch, on: false),
            currency: CurrencyStateMessage(source: currencies.source, targets: currencies.targets, autoDetect: true, preset: currency.preset)))
        let inbox = ControlInbox()
        let center = ControlCenter(inbox: inbox, events: events, status: status, metrics: metrics, rates: rates, presets: presets)
        let stageControl = StageControl(inbox: inbox, status: status, metrics: metrics, device: device)
        stageControl.preset = currency.preset
        let stage = PriceStage(
            extractor: currency.extractor(source: currencies.source),
            tracker: PriceTracker(configuration: trackerConfiguration),
            presenter: PricePresenter(targets: currencies.targets),
            rates: rates, locale: currency.resolvedLocale,
            events: events, control: stageControl)
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
            events: events, logger: logger, metrics: metrics, stats: stats)

        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let hub {
            let settings = ClientSettings(events: events, hub: hub, center: center, metrics: metrics, logger: logger, bufferLimit: clientBuffer)
            do throws(ServerError) {
                let server = try await SocketServer.start(addresses: listenAddresses, settings: settings)
                services.append(.init(service: SocketServerService(server: server)))
            } catch {
                logger.critical("\(error.description)")
                events.emit(ErrorMessage(message: error.description, concerns: "startup"))
                throw ExitCode(ExitStatus.startupFailed)
            }
        }
        if (control ?? (paths.contains("-") ? .none : .stdin)) == .stdin {
            StdinControlReader(center: center, events: events).start()
        }
        let sourceBox = UncheckedSendableBox(source)
        let pipelineService = PipelineService(pipeline: pipeline) {
            status.update { $0.processing = true }
            let outcome = pipeline.run(source: sourceBox.value, stage: stage)
            status.update { $0.processing = false }
            for unapplied in inbox.close() {
                unapplied.reply.send(ErrorMessage(
                    message: "the pipeline has stopped", concerns: "control",
                    cmd: unapplied.request.command.name, id: unapplied.request.id))
            }
            return outcome
        }
        services.append(.init(service: pipelineService, successTerminationBehavior: .gracefullyShutdownGroup))
        // Shutdown goes in reverse order: the ticker stops before the pipeline sends its last STATS,
        // and the server closes clients after that.
        if statsInterval > 0 {
            services.append(.init(service: StatsTicker(interval: .milliseconds(Int(statsInterval * 1000)), stats: stats, events: events)))
        }

        var configuration = ServiceGroupConfiguration(services: services, logger: logger)
        configuration.gracefulShutdownSignals = [.sigterm, .sigint]
        try await ServiceGroup(configuration: configuration).run()
        escalation.stop()

        switch pipelineService.outcome {
        case .finished?, nil:
            return
        case .inputFailed?:
            throw ExitCode(ExitStatus.inputFailed)
        case .startupFailed?:
            throw ExitCode(ExitStatus.startupFailed)
        }
    }
}

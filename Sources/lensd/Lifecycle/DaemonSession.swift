import ArgumentParser
import Capture
import Conversion
import Foundation
import LensProtocol
import Logging
import Pipeline
import PriceParsing
import ServiceLifecycle
import SocketServing
import SystemdNotify
import TextDetection
import Tracking
import Viewer

/// One run of lensd as a daemon over a frame source, shared by `run` (a camera) and `replay`.
///
/// ``start(label:daemon:currency:rateOptions:logging:)`` does what must happen before frames
/// flow: the `VERSION` and `RATES` lines, the rate service, the client hub. ``serve(_:)`` then runs
/// the pipeline in a service group with the socket server, control from stdin and periodic `STATS`,
/// until the source ends or SIGINT/SIGTERM shut it down gracefully (a second signal exits at once).
struct DaemonSession {
    let daemon: DaemonOptions
    let currency: CurrencyOptions
    let currencies: CurrencyOptions.Selection
    let presets: [String: PresetFile.Preset]
    let logger: Logger
    let hub: ClientHub?
    /// The stream's fan-out to the HTTP viewer's event clients (with `--http`).
    let viewerFanOut: ViewerFanOut?
    let events: EventStream
    /// The run's counters; its `errors` counts every `ERROR` line `events` sends.
    let metrics: PipelineMetrics
    let rates: RateService
    let rateFeed: RateFeed
    let escalation: SignalEscalation

    /// What ``serve(_:)`` runs.
    struct Work {
        var source: any FrameSource
        /// The source's zoom and torch: `zoom` and `torch` messages are forwarded to its capture loop.
        var controls: any CaptureControls
        var pipeline: ReplayPipeline.Options
        /// Whether stdin carries control messages when `--control` is not given.
        var controlFromStdinByDefault: Bool
        /// Writes annotated frames (`replay --annotate`).
        var annotations: AnnotationWriter?
        /// Called on graceful shutdown, besides stopping the pipeline (e.g. to wake a camera's poll).
        var onShutdown: @Sendable () -> Void = {}
    }

    static func start(
        label: String, daemon: DaemonOptions, currency: CurrencyOptions, rateOptions: RateOptions, logging: LoggingOptions
    ) throws -> DaemonSession {
        signal(SIGPIPE, SIG_IGN)
        let escalation = SignalEscalation()
        escalation.start()
        let currencies = try currency.resolve()
        let presets = try currency.presets()
        let logger = logging.makeLogger(label: label)
        let hub = daemon.listenAddresses.isEmpty ? nil : ClientHub()
        let metrics = PipelineMetrics()
        let viewerFanOut = daemon.http == nil ? nil : ViewerFanOut(sockets: hub)
        let events = EventStream(fanOut: viewerFanOut ?? hub, onErrorLine: { metrics.errors.add(1, ordering: .relaxed) })
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
        return DaemonSession(
            daemon: daemon, currency: currency, currencies: currencies, presets: presets, logger: logger, hub: hub,
            viewerFanOut: viewerFanOut, events: events, metrics: metrics, rates: rates, rateFeed: rateFeed, escalation: escalation)
    }

    /// The workers' reader for `ocr`'s front-end; a missing or unusable detector model ends the
    /// start-up (exit 3) with an `ERROR` that names the command that installs it.
    func makeReader(_ ocr: OCROptions) throws -> FrameReader {
        do throws(ModelLoadError) {
            return try ocr.makeReader(workers: ocr.workerCount)
        } catch {
            logger.critical("\(error.description)")
            events.emit(ErrorMessage(message: error.description, concerns: "startup"))
            rateFeed.stop()
            throw ExitCode(ExitStatus.startupFailed)
        }
    }

    /// Runs `work` to its end; throws the exit status of a failed run.
    func serve(_ work: Work) async throws {
        // The price tables take a third of a second to build from ICU: build them beside the
        // start of the pipeline, not in front of the first frame.
        Thread.detachNewThread { PriceExtractor.prepareTables() }
        defer {
            rateFeed.stop()
            escalation.stop()
        }
        var trackerConfiguration = PriceTracker.Configuration()
        trackerConfiguration.includeTentative = daemon.includeTentative
        trackerConfiguration.estimatesVelocity = work.pipeline.schedule == .everyFrame
        let stats = StatsReporter(metrics: metrics)
        let status = DaemonStatus(DaemonStatus.Snapshot(
            zoom: ZoomMessage(work.controls.zoom()),
            torch: TorchMessage(work.controls.torch()),
            currency: CurrencyStateMessage(
                source: currencies.source, targets: currencies.targets, autoDetect: true, preset: currency.preset)))
        let inbox = ControlInbox()
        let capture = CaptureControlRelay(controls: work.controls, status: status, metrics: metrics)
        let center = ControlCenter(
            inbox: inbox, capture: capture, events: events, status: status, metrics: metrics, rates: rates, presets: presets)
        let stageControl = StageControl(inbox: inbox, status: status, metrics: metrics)
        stageControl.preset = currency.preset
        let stage = PriceStage(
            extractor: currency.extractor(source: currencies.source),
            tracker: PriceTracker(configuration: trackerConfiguration),
            presenter: PricePresenter(targets: currencies.targets),
            rates: rates, locale: currency.resolvedLocale,
            events: events, control: stageControl)
        stage.emitsTrackEvents = daemon.trackEvents
        stage.minimumConfidence = daemon.confidence.minimumConfidence
        let tap = daemon.http != nil || work.annotations != nil ? FrameTap(annotations: work.annotations) : nil
        stage.frameTap = tap
        let pipeline = ReplayPipeline(options: work.pipeline, events: events, logger: logger, metrics: metrics, stats: stats)

        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let hub {
            let settings = ClientSettings(
                events: events, hub: hub, center: center, metrics: metrics, logger: logger, bufferLimit: daemon.clientBuffer)
            do throws(ServerError) {
                let server = try await SocketServer.start(addresses: daemon.listenAddresses, settings: settings)
                services.append(.init(service: SocketServerService(server: server)))
            } catch {
                logger.critical("\(error.description)")
                events.emit(ErrorMessage(message: error.description, concerns: "startup"))
                throw ExitCode(ExitStatus.startupFailed)
            }
        }
        if let address = daemon.http, let tap, let viewerFanOut {
            let bridge = ViewerBridge(tap: tap, events: events, center: center, metrics: metrics, rates: rates, logger: logger)
            do throws(ViewerError) {
                let server = try ViewerServer.start(
                    .init(host: address.host, port: address.port, streamFramesPerSecond: daemon.httpFps, clientBufferLimit: daemon.clientBuffer),
                    backend: bridge)
                viewerFanOut.attach(server)
                logger.notice("serving the viewer on http://\(HTTPAddress(host: address.host, port: server.port))/")
                services.append(.init(service: ViewerServerService(server: server)))
            } catch {
                logger.critical("\(error.description)")
                events.emit(ErrorMessage(message: error.description, concerns: "startup"))
                throw ExitCode(ExitStatus.startupFailed)
            }
        }
        if (daemon.control ?? (work.controlFromStdinByDefault ? .stdin : .none)) == .stdin {
            StdinControlReader(center: center, events: events).start()
        }
        let sourceBox = UncheckedSendableBox(work.source)
        let pipelineService = PipelineService(pipeline: pipeline, onShutdown: work.onShutdown) {
            status.update { $0.processing = true }
            let outcome = pipeline.run(source: sourceBox.value, stage: stage)
            work.annotations?.finish()
            status.update { $0.processing = false }
            work.controls.requests.close()
            for unapplied in inbox.close() {
                unapplied.reply.send(ErrorMessage(
                    message: "the pipeline has stopped", concerns: "control",
                    cmd: unapplied.request.command.name, id: unapplied.request.id, req: unapplied.request.req))
            }
            return outcome
        }
        services.append(.init(service: pipelineService, successTerminationBehavior: .gracefullyShutdownGroup))
        // Shutdown goes in reverse order: the ticker stops before the pipeline sends its last STATS,
        // and the server closes clients after that.
        if daemon.statsInterval > 0 {
            services.append(.init(service: StatsTicker(
                interval: .milliseconds(Int(daemon.statsInterval * 1000)), stats: stats, events: events)))
        }

        do throws(SystemdNotifier.Failure) {
            if let notifier = try SystemdNotifier.fromEnvironment() {
                services.append(.init(service: SystemdNotifyService(notifier: notifier, events: events, metrics: metrics, logger: logger)))
            }
        } catch {
            logger.warning("\(error.description)")
        }
        var configuration = ServiceGroupConfiguration(services: services, logger: logger)
        configuration.gracefulShutdownSignals = [.sigterm, .sigint]
        try await ServiceGroup(configuration: configuration).run()

        switch pipelineService.outcome {
        case .finished?, nil:
            return
        case .inputFailed? where pipelineService.wasStopped:
            return
        case .inputFailed?:
            throw ExitCode(ExitStatus.inputFailed)
        case .startupFailed?:
            throw ExitCode(ExitStatus.startupFailed)
        }
    }
}

import ArgumentParser
import Capture
import Conversion
import Dispatch
import Foundation
import LensProtocol
import Logging
import Pipeline
import Tracking

/// `lensd run`: the whole pipeline on a live V4L2 camera.
struct RunCommand: AsyncParsableCommand {
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

    @OptionGroup var daemon: DaemonOptions
    @OptionGroup var ocr: OCROptions
    @OptionGroup var scheduling: ScheduleOptions
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
    }

    func run() async throws {
        let session = try DaemonSession.start(
            label: "lensd.run", daemon: daemon, currency: currency, rateOptions: rateOptions, logging: logging)
        let events = session.events, logger = session.logger
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
        applyInitialControls(camera.controls, events: events, logger: logger)
        let stopSignal = camera.stopSignal
        try await session.serve(DaemonSession.Work(
            source: camera,
            controls: camera.controls,
            pipeline: .init(
                pacing: .fast,
                mediaFrameRate: fps,
                loop: false,
                queueCapacity: daemon.queueCapacity,
                workers: ocr.workerCount,
                ocr: ocr.configuration(defaultSegmentation: .sparseText),
                reader: try session.makeReader(ocr),
                liveSource: true,
                schedule: scheduling.effectiveSchedule(frontEnd: ocr.frontEnd),
                scheduling: scheduling.configuration(frontEnd: ocr.frontEnd)),
            controlFromStdinByDefault: true,
            onShutdown: { stopSignal.raise() }))
    }

    /// Asks the camera's capture loop for `--zoom` and `--torch`; it applies them when it starts,
    /// and what it cannot apply is reported.
    private func applyInitialControls(_ controls: CameraControls, events: EventStream, logger: Logger) {
        let path = device
        let report: CaptureControlChannel.Reply = { answer in
            // A run that ends before its capture loop starts has nothing to report about them.
            guard case .failure(let error) = answer, error != .captureStopped else { return }
            logger.warning("\(error.description)")
            events.emit(ErrorMessage(message: error.description, concerns: "device", path: path))
        }
        if let zoom {
            controls.requests.post(.zoom(level: zoom), timeout: nil, reply: report)
        }
        if torch {
            controls.requests.post(.torch(on: true), timeout: nil, reply: report)
        }
    }
}

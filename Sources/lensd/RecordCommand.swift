import ArgumentParser
import Capture
import Foundation
import Logging
import UnixSignals

/// `lensd record`: writes what the camera sees to a YUV4MPEG2 (mono) file for `lensd replay`.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record camera frames (luma) to a YUV4MPEG2 file, replayable with lensd replay.",
        discussion: """
            Stops after --frames frames or --seconds seconds of capture (by buffer timestamps), or on \
            SIGINT/SIGTERM. A summary goes to stderr: format, frame count, time from start to the first \
            frame and the process CPU time per captured frame.
            """)

    @Option(help: "The V4L2 device node (default: the first capture-capable one).")
    var device: String?

    @Argument(help: ArgumentHelp("The .y4m file to write.", valueName: "out.y4m"))
    var output: String

    @Option(help: "Stop after this many frames.")
    var frames: UInt64?

    @Option(help: "Stop after this many seconds of capture.")
    var seconds: Double?

    @Option(help: ArgumentHelp("Requested frame size; the closest size offered is used.", valueName: "WIDTHxHEIGHT"))
    var size = "1280x720"

    @Option(help: "Requested frame rate; the closest rate offered is used.")
    var fps: Double = 30

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard CaptureRequest.parseSize(size) != nil else {
            throw ValidationError("--size must be WIDTHxHEIGHT, e.g. 1280x720")
        }
        if frames != nil && seconds != nil {
            throw ValidationError("give --frames or --seconds, not both")
        }
        if let seconds, !(seconds > 0 && seconds.isFinite) {
            throw ValidationError("--seconds must be a positive number")
        }
        if !(fps > 0 && fps <= 1000) {
            throw ValidationError("--fps must be above 0 and at most 1000")
        }
    }

    func run() throws {
        let started = MonotonicInstant.now()
        let logger = logging.makeLogger(label: "lensd.record")
        let path = device ?? DeviceEnumerator().firstCaptureDevice() ?? "/dev/video0"
        let requested = CaptureRequest.parseSize(size) ?? (1280, 720)
        let camera = CameraSource(
            configuration: .init(
                path: path,
                request: CaptureRequest(width: requested.width, height: requested.height, framesPerSecond: fps),
                reconnects: false, frameLimit: frames),
            onStatus: { status in
                if case .denied = status, let hint = status.hint { logger.error("\(hint)") }
            })
        let stopOnSignals = SignalStopper(signals: [.sigint, .sigterm], stop: camera.stopSignal)
        defer { withExtendedLifetime(stopOnSignals) {} }

        var recorder: Y4MRecorder?
        var firstFrame: (instant: MonotonicInstant, timestamp: MonotonicInstant, cpu: Double)?
        do {
            while let event = try camera.next() {
                guard case .frame(let frame) = event else {
                    if case .skipped(let error) = event { logger.warning("\(error.description)") }
                    continue
                }
                if firstFrame == nil {
                    firstFrame = (.now(), frame.timestamp, Self.processCPUSeconds())
                    recorder = try Y4MRecorder(path: output, framesPerSecond: camera.format?.framesPerSecond ?? fps)
                }
                try recorder?.append(frame)
                if let seconds, let firstFrame, frame.timestamp.seconds(since: firstFrame.timestamp) >= seconds {
                    break
                }
            }
        } catch let error as ReplayError {
            logger.error("\(error.description)")
            throw ExitCode(ExitStatus.inputFailed)
        } catch let error as Y4MRecorder.Failure {
            logger.error("\(error.description)")
            throw ExitCode(ExitStatus.inputFailed)
        }
        guard let recorder, let firstFrame, let format = camera.format else {
            logger.error("\(path): no frame captured")
            throw ExitCode(ExitStatus.inputFailed)
        }
        let capturedAfterFirst = max(1, recorder.frameCount - 1)
        let cpu = (Self.processCPUSeconds() - firstFrame.cpu) / Double(capturedAfterFirst)
        let summary = String(
            format: "recorded %d frames %dx%d %@%@ at %@ fps from %@ to %@; first frame %.1f ms after start; CPU %.3f ms/frame\n",
            recorder.frameCount, format.width, format.height, format.pixelFormat.description,
            format.isEmulated ? " (libv4lconvert)" : "", format.framesPerSecond.map { String(format: "%g", $0) } ?? "?",
            path, output, firstFrame.instant.seconds(since: started) * 1000, cpu * 1000)
        FileHandle.standardError.write(Data(summary.utf8))
    }

    /// User plus system CPU time of this process so far (`getrusage(RUSAGE_SELF)`).
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}

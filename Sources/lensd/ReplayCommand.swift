import ArgumentParser
import Capture
import Conversion
import Foundation
import LensProtocol
import Logging
import Pipeline
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

    @Option(help: ArgumentHelp(
        "With --fast: apply each frame's reads this many frames later, as a live run does (default 2, about 67 ms at 30 fps; whole-frame passes later, see --pass-lag; the first and last frames wait for all their reads); 0: every frame shows its own reads (offline annotation, slower).",
        valueName: "frames"))
    var readLag: UInt64?

    @Option(help: ArgumentHelp(
        "With --fast: apply each whole-frame pass this many frames later (default 30, about as long as a pass takes at --fast's own pace; 6 at 640x480 and 18 at 1280x720 are as long as it takes live at 30 fps).",
        valueName: "frames"))
    var passLag: UInt64?

    @Flag(help: "Start again at the end (not for stdin).")
    var loop = false

    @Option(help: ArgumentHelp("Write processed frames with their prices drawn as DIR/frame-NNNNNN.png.", valueName: "dir"))
    var annotate: String?

    @Option(help: ArgumentHelp("With --annotate: only every Nth frame (by sequence number).", valueName: "n"))
    var annotateEvery = 1

    @OptionGroup var daemon: DaemonOptions
    @OptionGroup var ocr: OCROptions
    @OptionGroup var scheduling: ScheduleOptions
    @OptionGroup var currency: CurrencyOptions
    @OptionGroup var rateOptions: RateOptions
    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 1000) {
            throw ValidationError("--fps must be above 0 and at most 1000")
        }
        if let readLag {
            guard fast else { throw ValidationError("--read-lag needs --fast (a live replay applies reads when they finish)") }
            guard readLag <= 30 else { throw ValidationError("--read-lag must be at most 30 frames") }
            guard scheduling.effectiveSchedule(frontEnd: ocr.frontEnd) == .changes else {
                throw ValidationError("--read-lag applies to --schedule changes (reading every frame whole shows each frame's own reads)")
            }
        }
        if let passLag {
            guard fast else { throw ValidationError("--pass-lag needs --fast (a live replay applies a whole-frame pass when it finishes)") }
            guard passLag <= 300 else { throw ValidationError("--pass-lag must be at most 300 frames") }
            guard readLag != 0 else { throw ValidationError("--pass-lag has no effect with --read-lag 0 (every frame waits for all its reads)") }
            guard scheduling.effectiveSchedule(frontEnd: ocr.frontEnd) == .changes else {
                throw ValidationError("--pass-lag applies to --schedule changes (reading every frame whole shows each frame's own reads)")
            }
        }
        if annotateEvery < 1 {
            throw ValidationError("--annotate-every must be at least 1")
        }
        if annotate == nil, annotateEvery != 1 {
            throw ValidationError("--annotate-every needs --annotate DIR")
        }
        if daemon.control == .stdin, paths.contains("-") {
            throw ValidationError("--control stdin cannot be used when frames come from stdin")
        }
    }

    func run() async throws {
        let session = try DaemonSession.start(
            label: "lensd.replay", daemon: daemon, currency: currency, rateOptions: rateOptions, logging: logging)
        let source: any FrameSource
        do throws(ReplayError) {
            source = try ReplaySource.open(paths: paths)
        } catch {
            session.logger.error("\(error.description)")
            session.events.emit(ErrorMessage(message: error.description, concerns: "replay", path: paths.joined(separator: " ")))
            session.events.emit(DeviceMessage(source: "replay", path: paths.joined(separator: " "), state: .error))
            session.rateFeed.stop()
            throw ExitCode(ExitStatus.inputFailed)
        }
        let frameRate = fps ?? source.nominalFrameRate ?? 30
        var annotations: AnnotationWriter?
        if let annotate {
            do throws(AnnotationError) {
                annotations = try AnnotationWriter(directory: annotate, every: annotateEvery, waitsForWriter: fast, logger: session.logger)
            } catch {
                session.logger.critical("\(error.description)")
                session.events.emit(ErrorMessage(message: error.description, concerns: "startup"))
                session.rateFeed.stop()
                throw ExitCode(ExitStatus.startupFailed)
            }
        }
        var schedulerConfiguration = scheduling.configuration(frontEnd: ocr.frontEnd)
        if let readLag { schedulerConfiguration.fastLagFrames = readLag }
        if let passLag { schedulerConfiguration.fastPassLagFrames = passLag }
        // Replays answer zoom like a camera without optical zoom: a centre crop before OCR.
        let zoomed = DigitallyZoomedSource(source)
        try await session.serve(DaemonSession.Work(
            source: zoomed,
            controls: zoomed.controls,
            pipeline: .init(
                pacing: fast ? .fast : .realtime(framesPerSecond: frameRate),
                mediaFrameRate: frameRate,
                loop: loop,
                queueCapacity: daemon.queueCapacity,
                workers: ocr.workerCount,
                ocr: ocr.configuration(defaultSegmentation: .sparseText),
                reader: try session.makeReader(ocr),
                schedule: scheduling.effectiveSchedule(frontEnd: ocr.frontEnd),
                scheduling: schedulerConfiguration),
            controlFromStdinByDefault: !paths.contains("-"),
            annotations: annotations))
    }
}

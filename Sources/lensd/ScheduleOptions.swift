import ArgumentParser
import Pipeline

/// Options that pace the OCR scheduler of a live run or a replay: what is read, and how often
/// whole-frame passes and re-reads come. `scan` reads each image whole and has none of them.
struct ScheduleOptions: ParsableArguments {
    @Option(help: "What to read: changes (new and changed regions, tracks in turn, whole frames when idle) or every-frame (read every frame whole, with --ocr).")
    var schedule: ReadSchedule = .changes

    @Option(help: ArgumentHelp(
        "With --schedule changes: seconds between whole-frame passes (with --ocr detector: sweeps of one band of the frame) while the picture changes, when the workers are idle (0: none; default 0.3 with the detector, else 1.5).",
        valueName: "seconds"))
    var wholeFrameInterval: Double?

    @Option(help: ArgumentHelp("With --schedule changes: seconds between re-reads of each confirmed price.", valueName: "seconds"))
    var verifyInterval = OCRScheduler.Configuration().verifyInterval

    func validate() throws {
        if let wholeFrameInterval, !(wholeFrameInterval >= 0 && wholeFrameInterval.isFinite) {
            throw ValidationError("--whole-frame-interval must be 0 or more")
        }
        guard verifyInterval > 0, verifyInterval.isFinite else { throw ValidationError("--verify-interval must be more than 0") }
    }

    /// `--schedule`, except that the full-frame front-end always reads every frame (the naive baseline).
    func effectiveSchedule(frontEnd: OCRFrontEnd) -> ReadSchedule { frontEnd == .fullFrame ? .everyFrame : schedule }

    /// The scheduler's tuning from `--whole-frame-interval` and `--verify-interval`.
    func configuration(frontEnd: OCRFrontEnd) -> OCRScheduler.Configuration {
        var configuration = OCRScheduler.Configuration()
        let interval = wholeFrameInterval ?? (frontEnd == .detector ? Self.sweepInterval : configuration.wholeFrameInterval)
        configuration.wholeFramePasses = interval > 0
        configuration.wholeFrameInterval = interval
        if frontEnd == .detector {
            configuration.sweepBandHeight = Self.sweepBandHeight
            configuration.scanBlocks = Self.scanBlocks
            configuration.retriesReadDetectedLines = true
        }
        configuration.verifyInterval = verifyInterval
        return configuration
    }

    /// Squares of the finest detection level a scan covers at most (``ScanBudget``): a column of a
    /// 640x480 frame's and one more, which the next scan takes on before a pan of a few pixels a
    /// frame has brought as much into view.
    static let scanBlocks = 4

    /// Seconds between sweeps while the picture changes (``OCRScheduler/Configuration/sweepBandHeight``).
    static let sweepInterval = 0.3
    /// A sweep's band: one row of the finest level's tiles (``TextLocator``).
    static let sweepBandHeight = 160
}

extension ReadSchedule: ExpressibleByArgument {}

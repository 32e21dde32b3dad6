import ArgumentParser
import Foundation
import OCR

/// Options that choose the OCR models and workers.
struct OCROptions: ParsableArguments {
    @Option(help: "OCR worker threads, each with its own Tesseract handle (default: number of cores).")
    var workers: Int?

    @Option(help: ArgumentHelp("Folder holding <lang>.traineddata.", valueName: "dir"))
    var tessdata: String?

    @Option(help: "Tesseract languages, e.g. eng or eng+deu.")
    var lang = "eng"

    @Option(help: "Page segmentation: sparse (camera frames), auto (documents), block, line.")
    var psm: PageSegmentation?

    @Option(name: .customLong("ocr"), help: "OCR front-end: regions (find text lines, read each one; --psm unused) or full-frame (one pass with --psm).")
    var frontEnd: OCRFrontEnd = .regions

    @Flag(name: .customLong("no-contrast"), help: "Regions: do not normalise each line's contrast.")
    var skipsContrast = false

    @Flag(name: .customLong("no-polarity"), help: "Regions: do not invert light-on-dark lines (Tesseract's own inversion stays on).")
    var skipsPolarity = false

    @Flag(name: .customLong("no-rescale"), help: "Regions: read lines at their size instead of rescaling them to the text height Tesseract reads best.")
    var skipsRescale = false

    @Flag(name: .customLong("no-deskew"), help: "Regions: do not straighten tilted lines.")
    var skipsDeskew = false

    @Option(help: "What to read: changes (new and changed regions, tracks in turn, whole frames when idle) or every-frame (read every frame whole, with --ocr).")
    var schedule: ReadSchedule = .changes

    @Option(help: ArgumentHelp("With --schedule changes: seconds between whole-frame passes while the picture changes (0: none).", valueName: "seconds"))
    var wholeFrameInterval = OCRScheduler.Configuration().wholeFrameInterval

    @Option(help: ArgumentHelp("With --schedule changes: seconds between re-reads of each confirmed price.", valueName: "seconds"))
    var verifyInterval = OCRScheduler.Configuration().verifyInterval

    func validate() throws {
        guard wholeFrameInterval >= 0, wholeFrameInterval.isFinite else { throw ValidationError("--whole-frame-interval must be 0 or more") }
        guard verifyInterval > 0, verifyInterval.isFinite else { throw ValidationError("--verify-interval must be more than 0") }
        if let workers, !(1...64).contains(workers) {
            throw ValidationError("--workers must be between 1 and 64")
        }
    }

    /// `--schedule`, except that the full-frame front-end always reads every frame (the naive baseline).
    var effectiveSchedule: ReadSchedule { frontEnd == .fullFrame ? .everyFrame : schedule }

    /// The scheduler's tuning from `--whole-frame-interval` and `--verify-interval`.
    var scheduling: OCRScheduler.Configuration {
        var configuration = OCRScheduler.Configuration()
        configuration.wholeFramePasses = wholeFrameInterval > 0
        configuration.wholeFrameInterval = wholeFrameInterval
        configuration.verifyInterval = verifyInterval
        return configuration
    }

    var workerCount: Int { workers ?? ProcessInfo.processInfo.activeProcessorCount }

    func configuration(defaultSegmentation: PageSegmentation) -> OCRConfiguration {
        OCRConfiguration(tessdataDirectory: tessdata, language: lang, pageSegmentation: psm ?? defaultSegmentation)
    }

    /// What the workers read images with: ``OCRFrontEnd``'s choice, shared by all of them.
    var reader: FrameReader {
        FrameReader(regions: frontEnd == .regions ? RegionRecognizerPool(options: regionOptions) : nil)
    }

    /// The region front-end's steps, as switched by `--no-contrast`, `--no-polarity`, `--no-rescale`, `--no-deskew`.
    var regionOptions: RegionOptions {
        var options = RegionOptions()
        options.normalizesContrast = !skipsContrast
        options.detectsPolarity = !skipsPolarity
        options.rescales = !skipsRescale
        options.deskews = !skipsDeskew
        return options
    }
}

extension PageSegmentation: ExpressibleByArgument {}

import ArgumentParser
import Foundation
import Inference
import OCR
import Pipeline
import TextDetection
import TextRecognition

/// Options that choose the OCR models and workers.
struct OCROptions: ParsableArguments {
    @Option(help: "OCR worker threads, each with its own Tesseract handle, text detector and recogniser, whose networks run on the cores divided among the workers (default: one, on every core; scan: one per core, each image on one).")
    var workers: Int?

    @Option(help: ArgumentHelp("Folder holding <lang>.traineddata.", valueName: "dir"))
    var tessdata: String?

    @Option(help: "Tesseract languages, e.g. eng or eng+deu.")
    var lang = "eng"

    @Option(help: "Page segmentation: sparse (camera frames), auto (documents), block, line.")
    var psm: PageSegmentation?

    @Option(name: .customLong("ocr"), help: "OCR front-end: detector (a trained text detector finds text, each box read as one line; --psm unused), regions (the hand-made line finder) or full-frame (one pass with --psm).")
    var frontEnd: OCRFrontEnd = .detector

    @Option(name: .customLong("det-model"), help: ArgumentHelp(
        "The text detector's model (default: \(DetectorModel.fileName) in $XDG_DATA_HOME/lensd/models, ~/.local/share/lensd/models, /usr/local/share/lensd/models or /usr/share/lensd/models).",
        valueName: "path"))
    var detectorModel: String?

    @Option(name: .customLong("inference-runtime"), help: ArgumentHelp(
        "Folder of the inference runtime (OpenVINO) that runs the trained models (default: $XDG_DATA_HOME/lensd/runtime, ~/.local/share/lensd/runtime, /usr/local/lib/lensd/runtime or /usr/lib/lensd/runtime).",
        valueName: "dir"))
    var inferenceRuntime: String?

    @Option(name: .customLong("reader"), help: "What reads each line: recognizer (a trained line recogniser; default with --ocr detector) or tesseract (default with --ocr regions).")
    var boxReaderChoice: BoxReader?

    /// `--reader`, or the front-end's own: the recogniser reads the detector's few boxes; the line
    /// finder proposes many more lines than the recogniser can read live.
    var boxReader: BoxReader { boxReaderChoice ?? (frontEnd == .regions ? .tesseract : .recognizer) }

    @Option(name: .customLong("rec-model"), help: ArgumentHelp(
        "Folder of the line recogniser's models and character list (default: the first of the --det-model folders holding \(RecognizerModel.characterFileName)).",
        valueName: "dir"))
    var recognizerModel: String?

    @Flag(name: .customLong("no-contrast"), help: "Regions: do not normalise each line's contrast.")
    var skipsContrast = false

    @Flag(name: .customLong("no-polarity"), help: "Regions: do not invert light-on-dark lines (Tesseract's own inversion stays on).")
    var skipsPolarity = false

    @Flag(name: .customLong("no-rescale"), help: "Regions: read lines at their size instead of rescaling them to the text height Tesseract reads best.")
    var skipsRescale = false

    @Flag(name: .customLong("no-deskew"), help: "Regions: do not straighten tilted lines.")
    var skipsDeskew = false

    @Flag(name: .customLong("no-binarize"), help: "Detector: read each box's crop in grey levels instead of black on white.")
    var skipsBinarization = false

    func validate() throws {
        if let workers, !(1...64).contains(workers) {
            throw ValidationError("--workers must be between 1 and 64")
        }
    }

    /// The workers of a camera or a replay: one by default, whose networks run on every core.
    /// A run reads one frame's work at a time, and each worker holds its own networks and their
    /// buffers (about a hundred megabytes).
    var workerCount: Int { workers ?? 1 }

    /// The workers of a scan of `images` stills: one per core by default, each image read by one.
    func workerCount(stills images: Int) -> Int { max(1, min(workers ?? ProcessInfo.processInfo.activeProcessorCount, images)) }

    /// Threads each worker's networks run on: the cores shared among `workers`.
    static func inferenceThreads(workers: Int) -> Int { max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, workers)) }

    /// Each worker's Tesseract handle: started when it first reads where the trained recogniser
    /// reads the detector's boxes (Tesseract then reads only boxes that may hold a currency sign
    /// the recogniser lacks), at once otherwise.
    func configuration(defaultSegmentation: PageSegmentation) -> OCRConfiguration {
        OCRConfiguration(
            tessdataDirectory: tessdata, language: lang, pageSegmentation: psm ?? defaultSegmentation,
            startsOnFirstUse: frontEnd == .detector && boxReader == .recognizer)
    }

    /// What `workers` workers read images with: ``OCRFrontEnd``'s choice, shared by all of them.
    /// Loads the inference runtime and the text detector's model for the detector front-end (at
    /// most one detector per worker), and the line recogniser's when it reads the boxes.
    func makeReader(workers: Int) throws(ModelLoadError) -> FrameReader {
        let threads = Self.inferenceThreads(workers: workers)
        switch frontEnd {
        case .detector:
            let pool: TextDetectorPool
            let runtime = try loadRuntime()
            do throws(DetectorError) {
                pool = try TextDetectorPool(
                    runtime: runtime, modelPath: DetectorModel.resolve(explicit: detectorModel), limit: workers, threads: threads)
            } catch {
                throw .detector(error)
            }
            return FrameReader(regions: try recognizerPool(threads: threads), detectors: pool)
        case .regions:
            return FrameReader(regions: try recognizerPool(threads: threads))
        case .fullFrame:
            return FrameReader(regions: nil)
        }
    }

    /// The line readers' stock: lines read by the trained recogniser (its model loaded here) or by Tesseract (`--reader`).
    private func recognizerPool(threads: Int) throws(ModelLoadError) -> RegionRecognizerPool {
        guard boxReader == .recognizer else { return RegionRecognizerPool(options: regionOptions) }
        let runtime = try loadRuntime()
        do throws(RecognizerError) {
            let model = try RecognizerModel(directory: RecognizerModel.resolveDirectory(explicit: recognizerModel))
            return try RegionRecognizerPool(options: regionOptions, runtime: runtime, recognizerModel: model, threads: threads)
        } catch {
            throw .recognizer(error)
        }
    }

    /// The inference runtime of `--inference-runtime`, or the installed one.
    func loadRuntime() throws(ModelLoadError) -> InferenceRuntime {
        do throws(InferenceRuntimeError) {
            return try InferenceRuntime.load(directory: InferenceRuntime.resolveDirectory(explicit: inferenceRuntime))
        } catch {
            throw .runtime(error)
        }
    }

    /// The region front-end's steps, as switched by `--no-contrast`, `--no-polarity`, `--no-rescale`, `--no-deskew`.
    var regionOptions: RegionOptions {
        var options = RegionOptions()
        options.normalizesContrast = !skipsContrast
        options.detectsPolarity = !skipsPolarity
        options.rescales = !skipsRescale
        options.deskews = !skipsDeskew
        options.binarizesDetectedLines = !skipsBinarization
        return options
    }
}

extension PageSegmentation: ExpressibleByArgument {}

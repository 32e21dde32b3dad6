import ArgumentParser
import Capture
import Conversion
import Foundation
import OCR
import Pipeline
import Synchronization

/// `lensd scan`: reads prices in still images, one result per image, no tracking.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read the prices in still images (no tracking) and print them.",
        discussion: "With --json, prints one SCAN line per image (see docs/protocol.md); unreadable images give an ERROR line.")

    @Argument(help: ArgumentHelp("Image files (PNG, JPEG, PNM, TIFF).", valueName: "image"))
    var images: [String]

    @Flag(help: "Print one JSON line per image instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Also write each image with its prices drawn as DIR/NAME.png.", valueName: "dir"))
    var annotate: String?

    @OptionGroup var confidence: ConfidenceOptions
    @OptionGroup var ocr: OCROptions
    @OptionGroup var currency: CurrencyOptions
    @OptionGroup var rateOptions: RateOptions
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        let currencies = try currency.resolve()
        let logger = logging.makeLogger(label: "lensd.scan")
        let rates: RateService
        do throws(RateError) {
            rates = try rateOptions.makeService(base: currencies.base)
        } catch {
            logger.critical("\(error.description)")
            throw ExitCode(ExitStatus.startupFailed)
        }
        let printer = ScanPrinter(
            presenter: PricePresenter(targets: currencies.targets),
            rates: RateView(snapshot: rates.current, locale: currency.resolvedLocale, now: Date()),
            json: json, annotate: annotate)
        if let annotate {
            do {
                try FileManager.default.createDirectory(atPath: annotate, withIntermediateDirectories: true)
            } catch {
                logger.critical("cannot create --annotate directory \(annotate): \(error.localizedDescription)")
                throw ExitCode(ExitStatus.startupFailed)
            }
        }
        let ordered = OrderedDelivery(stage: printer)
        let extractor = currency.extractor(source: currencies.source)
        let reader: FrameReader
        let workers = ocr.workerCount(stills: images.count)
        do throws(ModelLoadError) {
            reader = try ocr.makeReader(workers: workers)
        } catch {
            logger.critical("\(error.description)")
            throw ExitCode(ExitStatus.startupFailed)
        }
        let minimumConfidence = confidence.minimumConfidence
        let images = self.images
        let nextIndex = Mutex(0)
        let pool: OCRWorkerPool
        do throws(OCRError) {
            pool = try OCRWorkerPool.start(
                workerCount: workers,
                configuration: ocr.configuration(defaultSegmentation: .sparseText),
                next: {
                    nextIndex.withLock { index -> Int? in
                        guard index < images.count else { return nil }
                        defer { index += 1 }
                        return index
                    }
                },
                process: { engine, index in
                    let result = ScanResult.read(
                        images[index], engine: engine, reader: reader, extractor: extractor, minimumConfidence: minimumConfidence)
                    ordered.deliver(ticket: UInt64(index)) { $0.print(result) }
                })
        } catch {
            logger.critical("\(error.description)")
            throw ExitCode(ExitStatus.startupFailed)
        }
        pool.waitUntilFinished()
        ordered.drain()
        if printer.failures > 0 {
            throw ExitCode(ExitStatus.inputFailed)
        }
    }
}

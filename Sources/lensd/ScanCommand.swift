import ArgumentParser
import Capture
import Conversion
import Foundation
import LensProtocol
import OCR
import Pipeline
import PriceParsing
import Synchronization
import TextDetection
import Tracking
import Viewer

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

/// What scanning one image gave: its prices, or why it could not be read.
enum ScanResult: Sendable {
    case read(path: String, width: Int, height: Int, prices: [DetectedPrice], ocrSeconds: Double)
    case failed(path: String, message: String)

    /// Loads, OCRs and parses one image on the calling worker's engine; keeps the prices of at least `minimumConfidence`.
    static func read(
        _ path: String, engine: TesseractEngine, reader: FrameReader, extractor: PriceExtractor, minimumConfidence: Double = 0
    ) -> ScanResult {
        let image: (luma: [UInt8], width: Int, height: Int)
        do throws(ReplayError) {
            image = try ImageLoader.loadLuma(path: path)
        } catch {
            return .failed(path: path, message: error.description)
        }
        let clock = ContinuousClock()
        let began = clock.now
        let lines: [OCRLine]
        do throws(OCRError) {
            lines = try image.luma.withUnsafeBufferPointer { (buffer) throws(OCRError) -> [OCRLine] in
                try reader.read(luma: buffer, width: image.width, height: image.height, stride: image.width, engine: engine)
            }
        } catch {
            return .failed(path: path, message: "\(path): \(error.description)")
        }
        let elapsed = began.duration(to: clock.now)
        let prices = lines.flatMap { extractor.prices(in: TextLine($0)) }.filter {
            $0.confidence >= minimumConfidence && !runsOffTheImage($0, width: image.width, height: image.height)
        }
        return .read(
            path: path, width: image.width, height: image.height, prices: prices,
            ocrSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }

    /// Whether a price's text runs into the image's side where it may go on (it starts or ends in
    /// a digit there): `USD 72` of a tag cut after `72.9` is not a price of the image.
    static func runsOffTheImage(_ price: DetectedPrice, width: Int, height: Int) -> Bool {
        let text = price.text.trimmingCharacters(in: .whitespaces), box = price.box
        let tolerance = max(2, box.height / 10)
        return (text.first?.isNumber ?? true) && box.x <= tolerance
            || (text.last?.isNumber ?? true) && box.maxX >= Double(width) - tolerance
    }
}

/// Prints scan results in image order, as text or as `SCAN` lines.
final class ScanPrinter {
    private let presenter: PricePresenter
    private let rates: RateView
    private let json: Bool
    /// Where annotated copies go (`--annotate`), if anywhere.
    private let annotate: String?
    private let events = EventStream()
    private(set) var failures = 0
    /// Annotated image names already written, so that `a/x.jpg` and `b/x.png` do not overwrite each other.
    private var written: Set<String> = []

    init(presenter: PricePresenter, rates: RateView, json: Bool, annotate: String? = nil) {
        self.presenter = presenter
        self.rates = rates
        self.json = json
        self.annotate = annotate
    }

    func print(_ result: ScanResult) {
        switch result {
        case let .failed(path, message):
            failures += 1
            if json {
                events.emit(ErrorMessage(message: message, concerns: "image", path: path))
            } else {
                FileHandle.standardError.write(Data("lensd: \(message)\n".utf8))
            }
        case let .read(path, width, height, prices, ocrSeconds):
            let messages = prices.enumerated().map { index, price in
                presenter.message(for: price, id: "p\(index + 1)", rates: rates, frameWidth: width, frameHeight: height).0
            }
            if let annotate {
                writeAnnotated(path, prices: messages, width: width, height: height, into: annotate)
            }
            if json {
                events.emit(ScanMessage(
                    image: path, width: width, height: height, prices: messages, ocrMs: (ocrSeconds * 10_000).rounded() / 10))
            } else {
                events.emitText(Self.describe(path: path, width: width, height: height, prices: messages, ocrSeconds: ocrSeconds))
            }
        }
    }

    /// Writes the image in its own colours with each price's box and label drawn, as `DIR/NAME.png`.
    private func writeAnnotated(_ path: String, prices: [PriceMessage], width: Int, height: Int, into directory: String) {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var name = stem + ".png", index = 2
        while written.contains(name) {
            name = "\(stem)-\(index).png"
            index += 1
        }
        written.insert(name)
        let output = (directory as NSString).appendingPathComponent(name)
        do throws(ImageEncodingError) {
            let image = try AnnotatedImage(contentsOf: path)
            try image.draw(prices.map { ViewerOverlay($0, width: width, height: height) })
            try image.writePNG(to: output)
        } catch {
            failures += 1
            let message = "cannot annotate \(path): \(error.description)"
            if json {
                events.emit(ErrorMessage(message: message, concerns: "image", path: path))
            } else {
                FileHandle.standardError.write(Data("lensd: \(message)\n".utf8))
            }
        }
    }

    private static func describe(path: String, width: Int, height: Int, prices: [PriceMessage], ocrSeconds: Double) -> String {
        var lines = ["\(path) (\(width)x\(height), \(Int((ocrSeconds * 1000).rounded())) ms): \(prices.count) price\(prices.count == 1 ? "" : "s")"]
        for price in prices {
            let converted = price.converted.map(\.formatted).joined(separator: "  ")
            lines.append("  \(price.amount) \(price.currency)  \"\(price.text)\"  → \(converted)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

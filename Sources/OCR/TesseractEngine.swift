import CTesseract
import Foundation

/// One Tesseract handle (`TessBaseAPI*`, from `TessBaseAPICreate`), initialised for the LSTM engine.
///
/// A handle is not thread-safe and takes a few hundred milliseconds and tens of megabytes to
/// initialise: create one per worker thread, keep it for the thread's life, and use it from that
/// thread only. With ``OCRConfiguration/startsOnFirstUse`` it is initialised when it first
/// reads, with the page segmentation and variables set before. `deinit` calls `TessBaseAPIEnd`
/// and `TessBaseAPIDelete`.
///
/// Debian builds libtesseract with OpenMP, whose parallel regions (the LSTM network's gates at
/// every time step) start a team of threads per core: with several handles side by side on a small
/// machine, those teams fight over the cores and OCR runs several times slower. libgomp reads the
/// documented `OMP_THREAD_LIMIT` once, when the process loads, so it must be in the environment
/// before the program starts: lensd re-executes itself with `OMP_THREAD_LIMIT=1`, and
/// ``openMPThreadLimit`` tells what the process runs with.
public final class TesseractEngine {
    public let configuration: OCRConfiguration
    /// The tessdata folder the models were loaded from.
    public let tessdataDirectory: String
    /// The handle, once initialised.
    private var initialised: OpaquePointer?
    /// What is set before the handle is initialised, applied to it then.
    private var pageSegmentation: PageSegmentation
    private var variables: [(name: String, value: String)] = []

    /// Creates and initialises a handle (`TessBaseAPIInit4`, `OEM_LSTM_ONLY`), or, with
    /// ``OCRConfiguration/startsOnFirstUse``, checks that the models are there and leaves that
    /// to the first read.
    public init(configuration: OCRConfiguration = .init()) throws(OCRError) {
        self.tessdataDirectory = try configuration.resolvedTessdataDirectory()
        self.configuration = configuration
        self.pageSegmentation = configuration.pageSegmentation
        if !configuration.startsOnFirstUse { _ = try handle() }
    }

    deinit {
        if let initialised {
            TessBaseAPIEnd(initialised)
            TessBaseAPIDelete(initialised)
        }
    }

    /// The handle, initialised on first use.
    private func handle() throws(OCRError) -> OpaquePointer {
        if let initialised { return initialised }
        guard let handle = TessBaseAPICreate() else {
            throw .initialisationFailed(language: configuration.language, tessdata: tessdataDirectory)
        }
        guard TessBaseAPIInit4(handle, tessdataDirectory, configuration.language, OEM_LSTM_ONLY, nil, 0, nil, nil, 0, 0) == 0 else {
            TessBaseAPIDelete(handle)
            throw .initialisationFailed(language: configuration.language, tessdata: tessdataDirectory)
        }
        TessBaseAPISetPageSegMode(handle, pageSegmentation.tesseractMode)
        // Tesseract's progress chatter ("Detected 12 diacritics") would go to stderr for every frame.
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        for variable in variables { _ = TessBaseAPISetVariable(handle, variable.name, variable.value) }
        variables = []
        initialised = handle
        return handle
    }

    /// Whether the handle has been initialised (at once, or by a first read).
    public var isInitialised: Bool { initialised != nil }

    /// Sets a Tesseract variable (`TessBaseAPISetVariable`); returns false when Tesseract does not
    /// know it. Before the handle is initialised the variable is kept for it, and taken as known.
    @discardableResult
    public func setVariable(_ name: String, _ value: String) -> Bool {
        guard let initialised else {
            variables.removeAll { $0.name == name }
            variables.append((name, value))
            return true
        }
        return TessBaseAPISetVariable(initialised, name, value) != 0
    }

    /// Switches the page segmentation mode for the next images (`TessBaseAPISetPageSegMode`).
    public func setPageSegmentation(_ mode: PageSegmentation) {
        pageSegmentation = mode
        if let initialised { TessBaseAPISetPageSegMode(initialised, mode.tesseractMode) }
    }

    /// Recognises an 8-bit luma image handed over as raw bytes (`TessBaseAPISetImage`, no files).
    ///
    /// - Parameters:
    ///   - luma: `stride * height` bytes, row-major, one byte a pixel.
    ///   - region: recognise only this part of the image; boxes stay in whole-image coordinates.
    ///     The region is passed to Tesseract as a view into the same buffer (no copy): on
    ///     Tesseract 5.3, `TessBaseAPISetRectangle` misreads text that a crop reads correctly.
    public func recognize(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, region: OCRRect? = nil
    ) throws(OCRError) -> [OCRLine] {
        guard width > 0, height > 0, stride >= width, let base = luma.baseAddress,
              luma.count >= stride * (height - 1) + width,
              width <= Int(Int32.max), height <= Int(Int32.max), stride <= Int(Int32.max)
        else {
            throw .invalidImage(width: width, height: height, stride: stride, bytes: luma.count)
        }
        let area = Self.clamp(region ?? OCRRect(x: 0, y: 0, width: width, height: height), width: width, height: height)
        guard area.width > 0, area.height > 0 else { return [] }
        let handle = try handle()
        TessBaseAPISetImage(handle, base + area.y * stride + area.x, Int32(area.width), Int32(area.height), 1, Int32(stride))
        defer { TessBaseAPIClear(handle) }
        // Frames carry no resolution; without one Tesseract guesses from the text and says so on stderr for every frame.
        TessBaseAPISetSourceResolution(handle, Self.assumedResolution)
        guard TessBaseAPIRecognize(handle, nil) == 0 else {
            throw .recognitionFailed(width: area.width, height: area.height)
        }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        return Self.lines(from: iterator, offsetX: area.x, offsetY: area.y)
    }

    private static func clamp(_ rect: OCRRect, width: Int, height: Int) -> OCRRect {
        let x = min(max(rect.x, 0), width), y = min(max(rect.y, 0), height)
        return OCRRect(x: x, y: y, width: min(max(rect.width, 0), width - x), height: min(max(rect.height, 0), height - y))
    }

    /// Recognises an 8-bit luma image held in an array.
    public func recognize(luma: [UInt8], width: Int, height: Int, stride: Int, region: OCRRect? = nil) throws(OCRError) -> [OCRLine] {
        let result: Result<[OCRLine], OCRError> = luma.withUnsafeBufferPointer { buffer in
            do throws(OCRError) {
                return .success(try recognize(luma: buffer, width: width, height: height, stride: stride, region: region))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Walks the result word by word, grouping words into their text lines.
    private static func lines(from iterator: OpaquePointer, offsetX: Int, offsetY: Int) -> [OCRLine] {
        guard let page = TessResultIteratorGetPageIterator(iterator) else { return [] }
        var lines: [OCRLine] = []
        var words: [OCRWord] = []
        var lineBox = OCRRect(x: 0, y: 0, width: 0, height: 0)
        var lineConfidence = 0.0

        func finishLine() {
            guard !words.isEmpty else { return }
            let text = words.map(\.text).joined(separator: " ")
            lines.append(OCRLine(text: text, box: lineBox, confidence: lineConfidence, words: words))
            words.removeAll(keepingCapacity: true)
        }

        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                finishLine()
                lineBox = box(of: page, level: RIL_TEXTLINE, offsetX: offsetX, offsetY: offsetY)
                    ?? OCRRect(x: offsetX, y: offsetY, width: 0, height: 0)
                lineConfidence = Double(TessResultIteratorConfidence(iterator, RIL_TEXTLINE)) / 100
            }
            guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: cText)
            TessDeleteText(cText)
            guard !text.allSatisfy(\.isWhitespace), let wordBox = box(of: page, level: RIL_WORD, offsetX: offsetX, offsetY: offsetY) else { continue }
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD)) / 100
            words.append(OCRWord(text: text, box: wordBox, confidence: min(max(confidence, 0), 1)))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        finishLine()
        return lines
    }

    private static func box(of page: OpaquePointer, level: TessPageIteratorLevel, offsetX: Int, offsetY: Int) -> OCRRect? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        return OCRRect(x: Int(left) + offsetX, y: Int(top) + offsetY, width: Int(right - left), height: Int(bottom - top))
    }

    /// The resolution frames are declared to have (pixels per inch); Tesseract uses it only for size heuristics.
    static let assumedResolution: Int32 = 300

    /// `OMP_THREAD_LIMIT` as this process was started with, or `nil` when unset (OpenMP then uses every core).
    public static var openMPThreadLimit: Int? {
        ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"].flatMap { Int($0) }
    }

    /// The linked libtesseract's version (`TessVersion`).
    public static var version: String {
        guard let cString = TessVersion() else { return "unknown" }
        return String(cString: cString)
    }
}

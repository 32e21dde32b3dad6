import CTesseract
import Foundation
import Testing
@testable import OCR

@Suite("UniversalAmbiguitySkip")
struct UniversalAmbiguitySkipTests {
    @Test("takes the place of libtesseract's LoadUniversal in the process")
    func takesThePlaceOfTesseractsLoader() {
        #expect(UniversalAmbiguitySkip.isInPlace)
    }

    @Test("an LSTM-only handle initialised without the universal table reads every fixture as one initialised with it")
    func readsTheSameWithoutTheTable() throws {
        let tessdata = try OCRConfiguration().resolvedTessdataDirectory()
        let before = UniversalAmbiguitySkip.skipped
        let without = try RawHandle(tessdata: tessdata, skippingTable: true)
        #expect(UniversalAmbiguitySkip.skipped >= before + 1)
        let with = try RawHandle(tessdata: tessdata, skippingTable: false)
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: PGMFixture.directory.path)
            .filter { $0.hasSuffix(".pgm") }.sorted()
        #expect(fixtures.count >= 10)
        var words = 0
        for name in fixtures {
            let image = try PGMFixture(named: name)
            for mode in [PSM_SPARSE_TEXT, PSM_SINGLE_LINE] {
                let read = without.tsv(image, mode: mode)
                #expect(read == with.tsv(image, mode: mode), "\(name), page segmentation \(mode.rawValue)")
                words += read.split(separator: "\n").filter { $0.hasPrefix("5\t") }.count
            }
        }
        #expect(words > 50)
    }

    @Test("a handle initialised outside the scope loads the table through libtesseract's own function")
    func forwardsOutsideTheScope() throws {
        let tessdata = try OCRConfiguration().resolvedTessdataDirectory()
        let before = UniversalAmbiguitySkip.forwarded
        _ = try RawHandle(tessdata: tessdata, skippingTable: false)
        #expect(UniversalAmbiguitySkip.forwarded >= before + 1)
    }

    /// A bare `TessBaseAPI*` for comparing initialisations, read through the C API.
    private final class RawHandle {
        let handle: OpaquePointer

        init(tessdata: String, skippingTable: Bool) throws {
            let handle = try #require(TessBaseAPICreate())
            let initialise = { TessBaseAPIInit4(handle, tessdata, "eng", OEM_LSTM_ONLY, nil, 0, nil, nil, 0, 0) }
            let status = skippingTable ? UniversalAmbiguitySkip.initialisingLSTMOnly(initialise) : initialise()
            guard status == 0 else {
                TessBaseAPIDelete(handle)
                throw RawHandleError.initialisation
            }
            _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
            self.handle = handle
        }

        deinit {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
        }

        /// Every word's box, confidence and text (`TessBaseAPIGetTsvText`).
        func tsv(_ image: PGMFixture, mode: TessPageSegMode) -> String {
            TessBaseAPISetPageSegMode(handle, mode)
            image.pixels.withUnsafeBufferPointer {
                TessBaseAPISetImage(handle, $0.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
            }
            guard TessBaseAPIRecognize(handle, nil) == 0, let text = TessBaseAPIGetTsvText(handle, 0) else { return "" }
            defer { TessDeleteText(text) }
            return String(cString: text)
        }
    }

    private enum RawHandleError: Error { case initialisation }
}

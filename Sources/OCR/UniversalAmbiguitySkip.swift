import Foundation
import Synchronization

/// Leaves out the legacy engine's universal ambiguity table while an LSTM-only handle initialises.
///
/// Tesseract 5.3 as Debian builds it (with the legacy engine) parses its built-in table of
/// character ambiguities (`UnicharAmbigs::LoadUniversal`, which character groups OCR confuses)
/// in every `TessBaseAPIInit4`, whatever the engine mode: about 150 ms of the ~180 ms a handle
/// takes to initialise on these cores, and ~14 MB of its memory. The table serves the legacy
/// classifier and word search; no Tesseract setting skips it. Reads with the LSTM engine
/// (`OEM_LSTM_ONLY`, the only mode lensd uses) do not depend on it: words, boxes and confidences
/// come out the same without it (`UniversalAmbiguitySkipTests`).
///
/// lensd defines that C++ member function itself (``lensdLoadUniversalAmbiguities(_:_:_:)``, under
/// its mangled name). libtesseract calls it through the dynamic linker, which looks in the
/// executable first. On a thread inside ``initialisingLSTMOnly(_:)`` the call returns at once and
/// the table stays empty; every other call goes on to libtesseract's own function
/// (`dlsym(RTLD_NEXT, …)`). Where the definition is not in place (another Tesseract build, a
/// process that links the library differently), initialisation takes its usual time and reads
/// the same text.
public enum UniversalAmbiguitySkip {
    /// The Itanium C++ ABI name of `tesseract::UnicharAmbigs::LoadUniversal(const UNICHARSET&, UNICHARSET*)`.
    static let symbol = InterposedSymbol(name: "_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_")

    /// Runs `body` (a `TessBaseAPIInit4` with `OEM_LSTM_ONLY`) with the universal table left out on this thread.
    public static func initialisingLSTMOnly<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try insideInitialisation.whileSet(body)
    }

    /// Whether libtesseract's calls to the function reach lensd's definition: the process's
    /// definition of the symbol is lensd's and libtesseract has one of its own to forward to.
    public static var isInPlace: Bool {
        symbol.resolves(to: ownDefinition) && tesseractLoader != nil
    }

    /// How many universal tables were left out since the process started.
    static var skipped: Int {
        skippedCount.load(ordering: .relaxed)
    }

    /// How many calls went on to libtesseract's function since the process started.
    static var forwarded: Int {
        forwardedCount.load(ordering: .relaxed)
    }

    fileprivate static func load(_ ambiguities: UnsafeMutableRawPointer?, _ encoderSet: UnsafeRawPointer?, _ unicharset: UnsafeMutableRawPointer?) {
        if insideInitialisation.isSet {
            skippedCount.add(1, ordering: .relaxed)
            return
        }
        guard let tesseractLoader else { return }
        forwardedCount.add(1, ordering: .relaxed)
        tesseractLoader(ambiguities, encoderSet, unicharset)
    }

    private typealias Loader = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void

    /// libtesseract's own function.
    private static let tesseractLoader: Loader? = symbol.nextDefinition.map { unsafeBitCast($0, to: Loader.self) }

    private static let ownDefinition = unsafeBitCast(lensdLoadUniversalAmbiguities as Loader, to: Int.self)
}

private let insideInitialisation = ThreadFlag()

private let skippedCount = Atomic<Int>(0)
private let forwardedCount = Atomic<Int>(0)

/// `tesseract::UnicharAmbigs::LoadUniversal` as lensd defines it for the whole process (`this`
/// comes first, as the C++ ABI passes it); see ``UniversalAmbiguitySkip``. Not for calling from Swift.
@_cdecl("_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_")
public func lensdLoadUniversalAmbiguities(
    _ ambiguities: UnsafeMutableRawPointer?, _ encoderSet: UnsafeRawPointer?, _ unicharset: UnsafeMutableRawPointer?
) {
    UniversalAmbiguitySkip.load(ambiguities, encoderSet, unicharset)
}

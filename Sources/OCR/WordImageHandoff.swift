import CLeptonica
import Foundation
import Synchronization

/// Hands the word images Tesseract's LSTM recogniser keeps for a moment over as raw pixels
/// instead of PNG.
///
/// Tesseract 5.3 as Debian builds it (without `TESSERACT_IMAGEDATA_AS_PIX`) stores the image of
/// each word or line it gives the LSTM network as an in-memory PNG (`ImageData::SetPixInternal`
/// calls Leptonica's `pixWriteMem(…, IFF_PNG)`) and decodes it again before scaling it
/// (`pixReadMem`). zlib and libpng took 6 % of the CPU of a `--fast` replay for that alone, and no
/// Tesseract setting avoids it.
///
/// lensd defines the C function `pixWriteMem` itself (``lensdPixWriteMem(_:_:_:_:)``).
/// libtesseract calls it through the dynamic linker, which looks in the executable first, so the
/// process's own definition takes the place of Leptonica's. On a thread inside
/// ``recognizing(_:)``, a PNG asked for is written as Leptonica's SPIX serialisation instead
/// (`pixWriteMemSpix`: the image header and pixels as they lie in memory), which `pixReadMem`
/// knows by its header and reads back to the same pixels. Every other call goes on unchanged to
/// Leptonica's `pixWriteMem` (`dlsym(RTLD_NEXT, "pixWriteMem")`). Where the definition is not
/// in place (``isInPlace``), Tesseract goes on using PNG and reads the same text.
public enum WordImageHandoff {
    /// Runs `body` (a Tesseract recognition) with PNG requests on this thread written as SPIX.
    public static func recognizing<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try insideRecognition.whileSet(body)
    }

    /// Whether the process's `pixWriteMem`, as libraries find it, is lensd's.
    public static var isInPlace: Bool {
        symbol.resolves(to: ownDefinition)
    }

    /// How many images were handed over as SPIX since the process started.
    public static var handedOver: Int {
        handedOverCount.load(ordering: .relaxed)
    }

    fileprivate static func write(
        _ data: UnsafeMutablePointer<UnsafeMutablePointer<l_uint8>?>?, _ size: UnsafeMutablePointer<Int>?,
        _ pix: UnsafeMutablePointer<PIX>?, _ format: Int32
    ) -> Int32 {
        if format == Int32(IFF_PNG), insideRecognition.isSet {
            handedOverCount.add(1, ordering: .relaxed)
            return pixWriteMemSpix(data, size, pix)
        }
        guard let leptonica = leptonicaWriter else { return 1 }
        return leptonica(data, size, pix, format)
    }

    private typealias Writer = @convention(c) (
        UnsafeMutablePointer<UnsafeMutablePointer<l_uint8>?>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<PIX>?, Int32
    ) -> Int32

    private static let symbol = InterposedSymbol(name: "pixWriteMem")

    /// Leptonica's own `pixWriteMem`.
    private static let leptonicaWriter: Writer? = symbol.nextDefinition.map { unsafeBitCast($0, to: Writer.self) }

    private static let ownDefinition = unsafeBitCast(lensdPixWriteMem as Writer, to: Int.self)
}

private let insideRecognition = ThreadFlag()

private let handedOverCount = Atomic<Int>(0)

/// Leptonica's `pixWriteMem` as lensd defines it for the whole process; see ``WordImageHandoff``.
/// Not for calling from Swift.
@_cdecl("pixWriteMem")
public func lensdPixWriteMem(
    _ data: UnsafeMutablePointer<UnsafeMutablePointer<l_uint8>?>?, _ size: UnsafeMutablePointer<Int>?,
    _ pix: UnsafeMutablePointer<PIX>?, _ format: Int32
) -> Int32 {
    WordImageHandoff.write(data, size, pix, format)
}

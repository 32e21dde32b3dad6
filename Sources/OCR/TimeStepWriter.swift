import CKernels
import Synchronization

/// Writes a layer's outputs for one time step into Tesseract's integer network arrays
/// (`tesseract::NetworkIO::WriteTimeStepPart`) eight at a time.
///
/// In the integer mode of the fast models, each LSTM and fully connected layer of Tesseract's line
/// recogniser stores its outputs for every time step as bytes: each float times 127, rounded half
/// away from zero and clipped to ±127. libtesseract does it one value at a time with a branch on
/// the sign: about 4 % of a `--fast` handheld-1280 replay's CPU.
///
/// lensd defines the function itself (under its mangled name, found through the dynamic linker
/// as ``StrideMapIndex``'s are) and computes the same bytes eight at a time (`lensd_quantize` in
/// `CKernels`) in single precision, the operations in the same order, so every byte is the one libtesseract writes; a
/// value whose rounding the hardware cannot convert (NaN or beyond ±2³¹) gets -127, as
/// libtesseract's conversion gives it. It reads Debian's libtesseract 5.3.0 `NetworkIO` layout (as
/// ``ConvolveForward`` does); with another version, or in floating-point mode, the call goes on to
/// libtesseract's own function. The tests check that the eight-lane path and the one-value path
/// of a row's tail give the same bytes.
public enum TimeStepWriter {
    static let symbol = InterposedSymbol(name: writeTimeStepPartSymbol)

    /// Whether libtesseract's writes reach lensd's definition, and it does the work.
    public static var isInPlace: Bool {
        ConvolveForward.layoutIsKnown && symbol.resolves(to: ownDefinition) && symbol.nextDefinition != nil
    }

    /// Runs `body` with libtesseract's own definitions doing the work (for tests comparing the two).
    static func forwardingEveryCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LayoutGate.forwardingEveryCall(layoutState, body)
    }

    typealias Write = @convention(c) (UnsafeMutableRawPointer, Int32, Int32, Int32, UnsafePointer<Float>?) -> Void

    private static let ownDefinition = unsafeBitCast(lensdWriteTimeStepPart as Write, to: Int.self)

    /// libtesseract's own function.
    fileprivate static let tesseractWrite = symbol.nextDefinition.map { unsafeBitCast($0, to: Write.self) }

    /// The byte libtesseract stores for `value` (`ClipToRange(IntCastRounded(value * 127), -127, 127)`;
    /// `lensd_quantized` in `CKernels`).
    @inline(__always)
    static func quantized(_ value: Float) -> Int8 {
        lensd_quantized(value)
    }

    /// Eight values at once, as ``quantized(_:)`` computes each (`lensd_quantized8`: SSE2 on
    /// x86-64, where Swift's `SIMD8` compiles the conversion and the clipping a lane at a time).
    @inline(__always)
    static func quantized(_ values: SIMD8<Float>) -> SIMD8<Int8> {
        lensd_quantized8(values.lowHalf, values.highHalf)
    }

    fileprivate static func write(
        _ arrays: UnsafeMutableRawPointer, _ t: Int32, _ offset: Int32, _ count: Int32, _ values: UnsafePointer<Float>?
    ) {
        guard usesOwnDefinition(), arrays.load(fromByteOffset: 0x40, as: UInt8.self) != 0, let values else {
            tesseractWrite?(arrays, t, offset, count, values)
            return
        }
        let rows = arrays.load(fromByteOffset: 0x28, as: UnsafeMutablePointer<Int8>.self)
        let rowStride = Int(arrays.load(fromByteOffset: 0x38, as: Int32.self))
        let destination = rows + Int(t) * rowStride + Int(offset)
        lensd_quantize(values, destination, count)
    }
}

private let writeTimeStepPartSymbol = "_ZN9tesseract9NetworkIO17WriteTimeStepPartEiiiPKf"

/// Whether lensd's definitions do the work (``LayoutGate``).
private let layoutState = Atomic<UInt8>(0)

@inline(__always)
private func usesOwnDefinition() -> Bool {
    LayoutGate.usesOwnDefinition(layoutState) { ConvolveForward.layoutIsKnown }
}

/// `tesseract::NetworkIO::WriteTimeStepPart(int t, int offset, int num_features, const float *)` as
/// lensd defines it for the whole process (`this` first); see ``TimeStepWriter``. Not for calling from Swift.
@_cdecl("_ZN9tesseract9NetworkIO17WriteTimeStepPartEiiiPKf")
public func lensdWriteTimeStepPart(
    _ arrays: UnsafeMutableRawPointer, _ t: Int32, _ offset: Int32, _ count: Int32, _ values: UnsafePointer<Float>?
) {
    TimeStepWriter.write(arrays, t, offset, count, values)
}

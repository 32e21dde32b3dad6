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
/// as ``StrideMapIndex``'s are) and computes the same bytes with `SIMD8<Float>` in single
/// precision, the operations in the same order, so every byte is the one libtesseract writes; a
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

    /// The byte libtesseract stores for `value` (`ClipToRange(IntCastRounded(value * 127), -127, 127)`).
    @inline(__always)
    static func quantized(_ value: Float) -> Int8 {
        let scaled = value * 127
        let positive = scaled >= 0
        let magnitude = positive ? scaled + 0.5 : 0.5 - scaled
        guard magnitude < 2_147_483_648 else { return -127 }
        let rounded = Int32(magnitude)
        if rounded > 127 { return positive ? 127 : -127 }
        return Int8(truncatingIfNeeded: positive ? rounded : -rounded)
    }

    /// Eight values at once, as ``quantized(_:)`` computes each, in floating point up to the end
    /// (Swift's integer lane comparisons here compile to one lane at a time).
    @inline(__always)
    static func quantized(_ values: SIMD8<Float>) -> SIMD8<Int8> {
        let scaled = values * 127
        let positive = scaled .>= 0
        let magnitude = (0.5 - scaled).replacing(with: scaled + 0.5, where: positive)
        let convertible = magnitude .< 2_147_483_648
        // Anything from 127 up truncates to 127 once clipped.
        let bounded = magnitude.replacing(with: 127, where: .!(magnitude .< 127))
        // Toward zero without a conversion per lane: 2²³ added and taken away rounds to the
        // nearest integer (exact below 2²³), one less where that went up.
        let nearest = (bounded + 8_388_608) - 8_388_608
        let whole = nearest.replacing(with: nearest - 1, where: nearest .> bounded)
        let signed = whole.replacing(with: -whole, where: .!positive).replacing(with: -127, where: .!convertible)
        // An integer from -127 to 127 plus 1.5 x 2²³ is exact, and its low bits are the integer's.
        let integers = unsafeBitCast(signed + 12_582_912, to: SIMD8<Int32>.self) &- 0x4B40_0000
        return SIMD8<Int8>(truncatingIfNeeded: integers)
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
        let count = Int(count)
        var index = 0
        while index + 8 <= count {
            let bytes = quantized(UnsafeRawPointer(values + index).loadUnaligned(as: SIMD8<Float>.self))
            UnsafeMutableRawPointer(destination + index).storeBytes(of: bytes, as: SIMD8<Int8>.self)
            index += 8
        }
        while index < count {
            destination[index] = quantized(values[index])
            index += 1
        }
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

import Synchronization

/// Takes one input position into a max-pooled output position (`tesseract::NetworkIO::MaxpoolTimeStep`)
/// sixteen features at a time.
///
/// The English model's max-pool layer (`Mp3,3`) takes, for every output position, the largest of
/// each feature over 3×3 input positions, and notes which position gave it (for training). In the
/// integer mode of the fast models libtesseract compares one byte at a time with a branch that the
/// features take either way: about 2.5 % of a `--fast` handheld-1280 replay's CPU.
///
/// lensd defines the member function itself (under its mangled name; `Maxpool::Forward` calls it
/// through libtesseract's PLT) and, when both arrays are in integer mode with plain rows, compares
/// `SIMD16<Int8>` lanes and keeps the larger byte, and the position where the input's is larger,
/// as libtesseract does (a tie keeps the output's). Floating-point arrays and any other version go
/// on to libtesseract's own function. It reads ``NetworkArrays``' layout.
public enum MaxpoolStep {
    static let symbol = InterposedSymbol(name: maxpoolTimeStepSymbol)

    /// Whether libtesseract's max-pool layers reach lensd's definition, and it can do the work.
    public static var isInPlace: Bool {
        ConvolveForward.layoutIsKnown && symbol.resolves(to: ownDefinition) && symbol.nextDefinition != nil
            && NetworkFunctions.rowIndex != nil
    }

    /// Runs `body` with libtesseract's own definition doing the work (for tests comparing the two).
    static func forwardingEveryCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LayoutGate.forwardingEveryCall(layoutState, body)
    }


    typealias Step = @convention(c) (UnsafeMutableRawPointer, Int32, UnsafeRawPointer, Int32, UnsafeMutablePointer<Int32>?) -> Void

    private static let ownDefinition = unsafeBitCast(lensdMaxpoolTimeStep as Step, to: Int.self)

    /// libtesseract's own function.
    private static let tesseractStep = symbol.nextDefinition.map { unsafeBitCast($0, to: Step.self) }

    fileprivate static func step(
        _ output: UnsafeMutableRawPointer, _ t: Int32, _ input: UnsafeRawPointer, _ inputT: Int32, _ sources: UnsafeMutablePointer<Int32>?
    ) {
        let target = NetworkArrays(base: UnsafeRawPointer(output)), source = NetworkArrays(base: input)
        guard usesOwnDefinition(), let rowIndex = NetworkFunctions.rowIndex, let sources,
              target.isIntegerMode, source.isIntegerMode, target.hasPlainRows(rowIndex), source.hasPlainRows(rowIndex)
        else {
            tesseractStep?(output, t, input, inputT, sources)
            return
        }
        let count = target.rowStride
        let pooled = target.mutableRows + Int(t) * count
        let offered = source.rows + Int(inputT) * source.rowStride
        var index = 0
        while index + 16 <= count {
            let kept = UnsafeRawPointer(pooled + index).loadUnaligned(as: SIMD16<Int8>.self)
            let candidate = UnsafeRawPointer(offered + index).loadUnaligned(as: SIMD16<Int8>.self)
            let larger = kept .< candidate
            UnsafeMutableRawPointer(pooled + index).storeBytes(of: kept.replacing(with: candidate, where: larger), as: SIMD16<Int8>.self)
            let wide = SIMD16<Int32>(truncatingIfNeeded: SIMD16<Int8>(repeating: 0).replacing(with: -1, where: larger))
            let positions = UnsafeRawPointer(sources + index).loadUnaligned(as: SIMD16<Int32>.self)
            let updated = (positions & ~wide) | (SIMD16<Int32>(repeating: inputT) & wide)
            UnsafeMutableRawPointer(sources + index).storeBytes(of: updated, as: SIMD16<Int32>.self)
            index += 16
        }
        while index < count {
            if pooled[index] < offered[index] {
                pooled[index] = offered[index]
                sources[index] = inputT
            }
            index += 1
        }
    }
}

private let maxpoolTimeStepSymbol = "_ZN9tesseract9NetworkIO15MaxpoolTimeStepEiRKS0_iPi"

/// Whether lensd's definition does the work (``LayoutGate``).
private let layoutState = Atomic<UInt8>(0)

@inline(__always)
private func usesOwnDefinition() -> Bool {
    LayoutGate.usesOwnDefinition(layoutState) { ConvolveForward.layoutIsKnown }
}

/// `tesseract::NetworkIO::MaxpoolTimeStep(int t, const NetworkIO &src, int src_t, int *max_line)` as
/// lensd defines it for the whole process (`this` first); see ``MaxpoolStep``. Not for calling from Swift.
@_cdecl("_ZN9tesseract9NetworkIO15MaxpoolTimeStepEiRKS0_iPi")
public func lensdMaxpoolTimeStep(
    _ output: UnsafeMutableRawPointer, _ t: Int32, _ input: UnsafeRawPointer, _ inputT: Int32, _ sources: UnsafeMutablePointer<Int32>?
) {
    MaxpoolStep.step(output, t, input, inputT, sources)
}

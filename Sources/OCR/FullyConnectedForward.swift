import Synchronization

/// Runs the tanh and logistic fully connected layers of Tesseract's line recogniser
/// (`tesseract::FullyConnected::Forward`) in one loop over the time steps.
///
/// The English model's first layer (`Ct3,3,16`) is a tanh layer of 16 outputs at every pixel of a
/// line scaled to a height of 36. libtesseract runs each of those time steps through four calls
/// across its PLT (`ForwardTimeStep` twice, `WeightMatrix::MatrixDotVector`, `WriteTimeStep`), and
/// squashes each output with ``GateFunction``'s table lookup behind a branch on its sign: about
/// 5 % of a `--fast` handheld-1280 replay's CPU with ``TimeStepWriter`` already in place.
///
/// lensd defines the function itself (under its mangled name; libtesseract's `FullyConnected`
/// vtable finds it through the dynamic linker, which looks in the executable first). For a tanh or
/// logistic layer in integer mode, out of training, it sizes the output and sets the layer up with
/// libtesseract's own `NetworkIO::ResizeToMap` and `FullyConnected::SetupForward`, then at every
/// time step has libtesseract's `WeightMatrix::MatrixDotVector` compute the product, squashes it
/// with ``GateFunction`` and stores the bytes as ``TimeStepWriter`` does, and at the end clears the
/// rows outside the images with libtesseract's `NetworkIO::ZeroInvalidElements`: every byte is the
/// one libtesseract writes. It reads Debian's libtesseract 5.3.0 layout (`Network`'s `type_`,
/// `training_`, `ni_` and `no_`; the layer's `weights_` at 0x60; ``NetworkArrays``). The softmax
/// output layer, other kinds, training, debug display, floating-point mode and any other version
/// go on to libtesseract's own function.
public enum FullyConnectedForward {
    static let symbol = InterposedSymbol(name: fullyConnectedForwardSymbol)

    /// Whether libtesseract's fully connected layers reach lensd's definition, and it can do the work.
    public static var isInPlace: Bool {
        ConvolveForward.layoutIsKnown && symbol.resolves(to: ownDefinition) && symbol.nextDefinition != nil
            && NetworkFunctions.integerMatrixDotVector != nil && NetworkFunctions.resizeToMap != nil
            && NetworkFunctions.rowIndex != nil && NetworkFunctions.zeroInvalidElements != nil && setupForward != nil
            && GateFunction.tanh != nil && GateFunction.logistic != nil
    }

    /// Runs `body` with libtesseract's own definition doing the work (for tests comparing the two).
    static func forwardingEveryCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LayoutGate.forwardingEveryCall(layoutState, body)
    }

    /// How many fully connected layers lensd's definition ran since the process started.
    static var layersRun: Int {
        runCount.load(ordering: .relaxed)
    }

    typealias Forward = ConvolveForward.Forward

    private static let ownDefinition = unsafeBitCast(lensdFullyConnectedForward as Forward, to: Int.self)

    /// libtesseract's own function.
    private static let tesseractForward = symbol.nextDefinition.map { unsafeBitCast($0, to: Forward.self) }

    /// `FullyConnected::SetupForward(const NetworkIO &, const TransposedArray *)`.
    private static let setupForward = InterposedSymbol(
        name: "_ZN9tesseract14FullyConnected12SetupForwardERKNS_9NetworkIOEPKNS_15TransposedArrayE"
    ).definition.map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer, UnsafeRawPointer?) -> Void).self) }

    fileprivate static func forward(
        _ layer: UnsafeMutableRawPointer, _ debug: Bool, _ input: UnsafeRawPointer,
        _ transposed: UnsafeRawPointer?, _ scratch: UnsafeMutableRawPointer?, _ output: UnsafeMutableRawPointer
    ) {
        guard !debug, usesOwnDefinition(), run(layer, input, transposed, output) else {
            tesseractForward?(layer, debug, input, transposed, scratch, output)
            return
        }
        runCount.add(1, ordering: .relaxed)
    }

    /// `NT_LOGISTIC` and `NT_TANH` in Tesseract's `NetworkType`; `TS_ENABLED` in its `TrainingState`.
    private static let logisticType: Int32 = 16, tanhType: Int32 = 19, trainingEnabled: Int32 = 1

    /// Runs the layer on `input` into `output`; false, before touching either or after only doing
    /// what libtesseract's function does first, when the layer or the arrays are not the kind this runs.
    private static func run(
        _ layer: UnsafeMutableRawPointer, _ input: UnsafeRawPointer, _ transposed: UnsafeRawPointer?, _ output: UnsafeMutableRawPointer
    ) -> Bool {
        guard let matrixDotVector = NetworkFunctions.integerMatrixDotVector, let resizeToMap = NetworkFunctions.resizeToMap,
              let rowIndex = NetworkFunctions.rowIndex, let zeroInvalidElements = NetworkFunctions.zeroInvalidElements,
              let setupForward
        else { return false }
        let type = layer.load(fromByteOffset: 0x08, as: Int32.self)
        let training = layer.load(fromByteOffset: 0x0c, as: Int32.self)
        let ni = Int(layer.load(fromByteOffset: 0x18, as: Int32.self))
        let no = Int(layer.load(fromByteOffset: 0x1c, as: Int32.self))
        guard type == tanhType || type == logisticType, training != trainingEnabled, ni > 0, no > 0,
              let function = type == tanhType ? GateFunction.tanh : GateFunction.logistic
        else { return false }
        let source = NetworkArrays(base: input)
        let width = source.rowCount
        guard source.isIntegerMode, source.hasPlainRows(rowIndex), source.rowStride == ni, width >= 0 else { return false }

        resizeToMap(output, true, source.strideMap, Int32(no))
        setupForward(layer, input, transposed)
        let target = NetworkArrays(base: UnsafeRawPointer(output))
        guard target.isIntegerMode, target.hasPlainRows(rowIndex), target.rowStride == no, target.rowCount == width else {
            return false
        }

        // libtesseract's product writes whole groups of eight outputs: the buffer runs past them.
        let lanes = (no + 7) / 8 * 8
        let products = UnsafeMutablePointer<Float>.allocate(capacity: lanes + 64)
        products.initialize(repeating: 0, count: lanes + 64)
        let bytes = UnsafeMutablePointer<Int8>.allocate(capacity: lanes)
        bytes.initialize(repeating: 0, count: lanes)
        defer {
            products.deallocate()
            bytes.deallocate()
        }
        let weights = UnsafeRawPointer(layer) + 0x60
        let sourceRows = source.rows, targetRows = target.mutableRows
        for t in 0..<width {
            matrixDotVector(weights, sourceRows + t * ni, products)
            for lane in stride(from: 0, to: lanes, by: 8) {
                let squashed = function(UnsafeRawPointer(products + lane).loadUnaligned(as: SIMD8<Float>.self))
                UnsafeMutableRawPointer(bytes + lane).storeBytes(of: TimeStepWriter.quantized(squashed), as: SIMD8<Int8>.self)
            }
            (targetRows + t * no).update(from: bytes, count: no)
        }
        zeroInvalidElements(output)
        return true
    }
}

private let fullyConnectedForwardSymbol =
    "_ZN9tesseract14FullyConnected7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_"

private let runCount = Atomic<Int>(0)

/// Whether lensd's definition does the work (``LayoutGate``).
private let layoutState = Atomic<UInt8>(0)

@inline(__always)
private func usesOwnDefinition() -> Bool {
    LayoutGate.usesOwnDefinition(layoutState) { ConvolveForward.layoutIsKnown }
}

/// `tesseract::FullyConnected::Forward(bool, const NetworkIO &, const TransposedArray *, NetworkScratch *,
/// NetworkIO *)` as lensd defines it for the whole process (`this` first); see ``FullyConnectedForward``.
/// Not for calling from Swift.
@_cdecl("_ZN9tesseract14FullyConnected7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_")
public func lensdFullyConnectedForward(
    _ layer: UnsafeMutableRawPointer, _ debug: Bool, _ input: UnsafeRawPointer,
    _ transposed: UnsafeRawPointer?, _ scratch: UnsafeMutableRawPointer?, _ output: UnsafeMutableRawPointer
) {
    FullyConnectedForward.forward(layer, debug, input, transposed, scratch, output)
}

import Synchronization

/// Runs the LSTM layers of Tesseract's line recogniser (`tesseract::LSTM::Forward`) with their
/// gates eight values at a time.
///
/// At every time step an LSTM layer multiplies its input (the step's features and its own last
/// output) by four weight matrices, squashes each result with tanh or the logistic function, and
/// updates its state and output from them. libtesseract runs the four gates as OpenMP sections and
/// squashes each value with a table lookup behind a branch on its sign (``GateFunction``), then
/// updates the state and squashes it again one value at a time: on a `--fast` handheld-1280 replay
/// that was about 13 % of all CPU, more than the integer products themselves (8 %).
///
/// lensd defines the function itself (under its mangled name; libtesseract's `LSTM` vtable finds
/// it through the dynamic linker, which looks in the executable first). For the one-dimensional
/// LSTMs of the fast integer models (`Lfx`, `Lrx` and the summarising `Lfys`), it walks the time
/// steps in `StrideMap::Index` order and, at each, copies the input's bytes, has libtesseract's
/// own `WeightMatrix::MatrixDotVector` compute the four gates' products, then squashes and
/// combines them in `SIMD8<Float>` lanes with the same single-precision operations, in the same
/// order, as libtesseract's loops (`MultiplyVectorsInPlace`, `MultiplyAccumulate`, `ClipVector`
/// to ±100, `FuncMultiply`), and stores the output as ``TimeStepWriter`` does: every byte is the
/// one libtesseract writes. It does not keep what only training reads (the padded inputs in
/// `source_`, the input map). It reads Debian's libtesseract 5.3.0 layout (checked against its
/// disassembly): `Network`'s `type_`, `training_`, `ni_` and `no_`; `LSTM`'s `na_`, `ns_`, `nf_`,
/// `is_2d_`, `gate_weights_` (0xF8 bytes each) and `softmax_`. Two-dimensional and softmax LSTMs,
/// training, debug display, floating-point mode and any other version go on to libtesseract's
/// own function.
public enum LSTMForward {
    static let symbol = InterposedSymbol(name: lstmForwardSymbol)

    /// Whether libtesseract's LSTM layers reach lensd's definition, and it can do the work.
    public static var isInPlace: Bool {
        ConvolveForward.layoutIsKnown && symbol.resolves(to: ownDefinition) && symbol.nextDefinition != nil
            && NetworkFunctions.integerMatrixDotVector != nil && NetworkFunctions.resizeToMap != nil
            && NetworkFunctions.resizeXTo1 != nil && NetworkFunctions.rowIndex != nil
            && GateFunction.tanh != nil && GateFunction.logistic != nil
    }

    /// Runs `body` with libtesseract's own definition doing the work (for tests comparing the two).
    static func forwardingEveryCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LayoutGate.forwardingEveryCall(layoutState, body)
    }

    /// How many LSTM layers lensd's definition ran since the process started.
    static var layersRun: Int {
        runCount.load(ordering: .relaxed)
    }

    typealias Forward = ConvolveForward.Forward

    private static let ownDefinition = unsafeBitCast(lensdLSTMForward as Forward, to: Int.self)

    /// libtesseract's own function.
    private static let tesseractForward = symbol.nextDefinition.map { unsafeBitCast($0, to: Forward.self) }

    fileprivate static func forward(
        _ layer: UnsafeMutableRawPointer, _ debug: Bool, _ input: UnsafeRawPointer,
        _ transposed: UnsafeRawPointer?, _ scratch: UnsafeMutableRawPointer?, _ output: UnsafeMutableRawPointer
    ) {
        guard !debug, usesOwnDefinition(), run(layer, input, output) else {
            tesseractForward?(layer, debug, input, transposed, scratch, output)
            return
        }
        runCount.add(1, ordering: .relaxed)
    }

    /// `NT_LSTM` and `NT_LSTM_SUMMARY` in Tesseract's `NetworkType`; `TS_ENABLED` in its `TrainingState`.
    private static let plainType: Int32 = 14, summaryType: Int32 = 15, trainingEnabled: Int32 = 1

    /// Runs the layer on `input` into `output`; false, before touching `output` or after only
    /// resizing it as libtesseract does, when the layer or the arrays are not the kind this runs.
    private static func run(_ layer: UnsafeMutableRawPointer, _ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer) -> Bool {
        guard let matrixDotVector = NetworkFunctions.integerMatrixDotVector, let resizeToMap = NetworkFunctions.resizeToMap,
              let resizeXTo1 = NetworkFunctions.resizeXTo1, let rowIndex = NetworkFunctions.rowIndex,
              let tanh = GateFunction.tanh, let logistic = GateFunction.logistic
        else { return false }
        let type = layer.load(fromByteOffset: 0x08, as: Int32.self)
        let training = layer.load(fromByteOffset: 0x0c, as: Int32.self)
        let ni = Int(layer.load(fromByteOffset: 0x18, as: Int32.self))
        let no = Int(layer.load(fromByteOffset: 0x1c, as: Int32.self))
        let na = Int(layer.load(fromByteOffset: 0x60, as: Int32.self))
        let ns = Int(layer.load(fromByteOffset: 0x64, as: Int32.self))
        let nf = Int(layer.load(fromByteOffset: 0x68, as: Int32.self))
        let isTwoDimensional = layer.load(fromByteOffset: 0x6c, as: UInt8.self) != 0
        let softmax = layer.load(fromByteOffset: 0x548, as: UnsafeRawPointer?.self)
        guard type == plainType || type == summaryType, training != trainingEnabled, !isTwoDimensional, softmax == nil,
              nf == 0, ni > 0, ns > 0, no == ns, na == ni + ns
        else { return false }
        let source = NetworkArrays(base: input)
        guard source.isIntegerMode, source.hasPlainRows(rowIndex), source.rowStride >= ni,
              let positions = source.positions
        else { return false }

        let summarising = type == summaryType
        if summarising {
            resizeXTo1(output, input, Int32(no))
        } else {
            resizeToMap(output, true, source.strideMap, Int32(no))
        }
        let target = NetworkArrays(base: UnsafeRawPointer(output))
        guard target.isIntegerMode, target.hasPlainRows(rowIndex), target.rowStride == ns,
              let targetPositions = target.positions
        else { return false }
        // A summarising layer writes its last output of each row, in order, to the output's positions.
        let rowEnds: [Int]? = summarising ? targetPositions.allT : nil
        if let rowEnds, rowEnds.count != positions.lastIndices.reduce(0, { $0 + $1.y + 1 }) { return false }

        let gates = UnsafeRawPointer(layer) + 0x70
        let gateSize = 0xF8
        // libtesseract's products write whole groups of eight outputs and read whole registers of
        // inputs: the buffers run past both, zeroed.
        let lanes = (ns + 7) / 8 * 8
        let floats = UnsafeMutablePointer<Float>.allocate(capacity: 5 * (lanes + 64))
        floats.initialize(repeating: 0, count: 5 * (lanes + 64))
        let inputCount = (na + 63) / 64 * 64 + 64
        let inputs = UnsafeMutablePointer<Int8>.allocate(capacity: inputCount + lanes)
        inputs.initialize(repeating: 0, count: inputCount + lanes)
        defer {
            floats.deallocate()
            inputs.deallocate()
        }
        let cellInput = floats, inputGate = floats + (lanes + 64), forgetGate = floats + 2 * (lanes + 64)
        let outputGate = floats + 3 * (lanes + 64), state = floats + 4 * (lanes + 64)
        let outputBytes = inputs + inputCount
        let recurrent = inputs + ni

        let sourceRows = source.rows, sourceStride = source.rowStride
        let targetRows = target.mutableRows
        var rowEnd = 0
        for (batch, last) in positions.lastIndices.enumerated() {
            for y in 0...last.y {
                for x in 0...last.x {
                    let t = batch * positions.batchStep + y * positions.yStep + x * positions.xStep
                    inputs.update(from: sourceRows + t * sourceStride, count: ni)
                    matrixDotVector(gates, inputs, cellInput)
                    matrixDotVector(gates + gateSize, inputs, inputGate)
                    matrixDotVector(gates + 2 * gateSize, inputs, forgetGate)
                    matrixDotVector(gates + 3 * gateSize, inputs, outputGate)
                    step(lanes: lanes, cellInput, inputGate, forgetGate, outputGate, state, outputBytes, tanh, logistic)
                    let isRowEnd = x == last.x
                    if let rowEnds {
                        if isRowEnd {
                            (targetRows + rowEnds[rowEnd] * ns).update(from: outputBytes, count: ns)
                            rowEnd += 1
                        }
                    } else {
                        (targetRows + t * ns).update(from: outputBytes, count: ns)
                    }
                    if isRowEnd {
                        // Each row starts from a zero state and output.
                        state.update(repeating: 0, count: lanes)
                        recurrent.update(repeating: 0, count: ns)
                    } else {
                        recurrent.update(from: outputBytes, count: ns)
                    }
                }
            }
        }
        return true
    }

    /// One time step after the products: squashes the gates, updates `state` and writes the
    /// output's bytes, eight lanes at a time.
    @inline(__always)
    private static func step(
        lanes: Int,
        _ cellInput: UnsafeMutablePointer<Float>, _ inputGate: UnsafeMutablePointer<Float>,
        _ forgetGate: UnsafeMutablePointer<Float>, _ outputGate: UnsafeMutablePointer<Float>,
        _ state: UnsafeMutablePointer<Float>, _ outputBytes: UnsafeMutablePointer<Int8>,
        _ tanh: GateFunction, _ logistic: GateFunction
    ) {
        for lane in stride(from: 0, to: lanes, by: 8) {
            let cell = tanh(load(cellInput + lane))
            let input = logistic(load(inputGate + lane))
            let forget = logistic(load(forgetGate + lane))
            let output = logistic(load(outputGate + lane))
            var current = load(state + lane) * forget
            current = cell * input + current
            current = current.replacing(with: -100, where: current .< -100).replacing(with: 100, where: current .> 100)
            UnsafeMutableRawPointer(state + lane).storeBytes(of: current, as: SIMD8<Float>.self)
            let emitted = tanh(current) * output
            UnsafeMutableRawPointer(outputBytes + lane).storeBytes(of: TimeStepWriter.quantized(emitted), as: SIMD8<Int8>.self)
        }
    }

    @inline(__always)
    private static func load(_ values: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(values).loadUnaligned(as: SIMD8<Float>.self)
    }
}

extension NetworkArrays.Positions {
    /// Every position's `t`, in `StrideMap::Index` order.
    var allT: [Int] {
        var all: [Int] = []
        all.reserveCapacity(count)
        for (batch, last) in lastIndices.enumerated() {
            for y in 0...last.y {
                for x in 0...last.x {
                    all.append(batch * batchStep + y * yStep + x * xStep)
                }
            }
        }
        return all
    }
}

private let lstmForwardSymbol = "_ZN9tesseract4LSTM7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_"

private let runCount = Atomic<Int>(0)

/// Whether lensd's definition does the work (``LayoutGate``).
private let layoutState = Atomic<UInt8>(0)

@inline(__always)
private func usesOwnDefinition() -> Bool {
    LayoutGate.usesOwnDefinition(layoutState) { ConvolveForward.layoutIsKnown }
}

/// `tesseract::LSTM::Forward(bool, const NetworkIO &, const TransposedArray *, NetworkScratch *,
/// NetworkIO *)` as lensd defines it for the whole process (`this` first); see ``LSTMForward``.
/// Not for calling from Swift.
@_cdecl("_ZN9tesseract4LSTM7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_")
public func lensdLSTMForward(
    _ layer: UnsafeMutableRawPointer, _ debug: Bool, _ input: UnsafeRawPointer,
    _ transposed: UnsafeRawPointer?, _ scratch: UnsafeMutableRawPointer?, _ output: UnsafeMutableRawPointer
) {
    LSTMForward.forward(layer, debug, input, transposed, scratch, output)
}

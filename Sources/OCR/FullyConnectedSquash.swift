import Synchronization

/// Squashes a fully connected layer's outputs for one time step (`tesseract::FullyConnected::ForwardTimeStep(int, TFloat *)`)
/// eight values at a time.
///
/// After a fully connected layer's product, libtesseract applies its nonlinearity to each output
/// with ``GateFunction``'s table lookup behind a branch on the sign. The English model's first
/// layer (`Ct3,3,16`: a tanh layer of 16 outputs at every pixel of a line scaled to a height of 36)
/// does it for every pixel: about 2.5 % of a `--fast` handheld-1280 replay's CPU.
///
/// lensd defines the member function itself (under its mangled name; libtesseract calls it through
/// its PLT from the integer `ForwardTimeStep`, so the dynamic linker finds lensd's first) and, for
/// the tanh and logistic layers, squashes the outputs with ``GateFunction`` in `SIMD8<Float>` lanes:
/// the same values, bit for bit. Every other kind (softmax, linear, clipped, ReLU) and any other
/// version go on to libtesseract's own function. It reads `Network`'s `type_` and `no_` in Debian's
/// libtesseract 5.3.0 layout.
public enum FullyConnectedSquash {
    static let symbol = InterposedSymbol(name: forwardTimeStepSymbol)

    /// Whether libtesseract's layers reach lensd's definition, and it can do the work.
    public static var isInPlace: Bool {
        ConvolveForward.layoutIsKnown && symbol.resolves(to: ownDefinition) && symbol.nextDefinition != nil
            && GateFunction.tanh != nil && GateFunction.logistic != nil
    }

    /// Runs `body` with libtesseract's own definition doing the work (for tests comparing the two).
    static func forwardingEveryCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LayoutGate.forwardingEveryCall(layoutState, body)
    }

    /// How many time steps lensd's definition squashed since the process started.
    static var stepsSquashed: Int {
        squashedCount.load(ordering: .relaxed)
    }

    typealias Squash = @convention(c) (UnsafeMutableRawPointer, Int32, UnsafeMutablePointer<Float>?) -> Void

    private static let ownDefinition = unsafeBitCast(lensdFullyConnectedForwardTimeStep as Squash, to: Int.self)

    /// libtesseract's own function.
    private static let tesseractSquash = symbol.nextDefinition.map { unsafeBitCast($0, to: Squash.self) }

    /// `NT_LOGISTIC` and `NT_TANH` in Tesseract's `NetworkType`.
    private static let logisticType: Int32 = 16, tanhType: Int32 = 19

    fileprivate static func squash(_ layer: UnsafeMutableRawPointer, _ t: Int32, _ outputs: UnsafeMutablePointer<Float>?) {
        let type = layer.load(fromByteOffset: 0x08, as: Int32.self)
        guard usesOwnDefinition(), type == tanhType || type == logisticType, let outputs,
              let function = type == tanhType ? GateFunction.tanh : GateFunction.logistic
        else {
            tesseractSquash?(layer, t, outputs)
            return
        }
        let count = Int(layer.load(fromByteOffset: 0x1c, as: Int32.self))
        function.entries.withUnsafeBufferPointer { entries in
            guard let table = entries.baseAddress else { return }
            var index = 0
            while index + 8 <= count {
                let values = UnsafeRawPointer(outputs + index).loadUnaligned(as: SIMD8<Float>.self)
                UnsafeMutableRawPointer(outputs + index).storeBytes(of: GateFunction.apply(values, table, function.reflection), as: SIMD8<Float>.self)
                index += 8
            }
            if index < count {
                var tail = SIMD8<Float>()
                for lane in 0..<count - index { tail[lane] = outputs[index + lane] }
                let squashed = GateFunction.apply(tail, table, function.reflection)
                for lane in 0..<count - index { outputs[index + lane] = squashed[lane] }
            }
        }
        squashedCount.add(1, ordering: .relaxed)
    }
}

private let forwardTimeStepSymbol = "_ZN9tesseract14FullyConnected15ForwardTimeStepEiPf"

private let squashedCount = Atomic<Int>(0)

/// Whether lensd's definition does the work (``LayoutGate``).
private let layoutState = Atomic<UInt8>(0)

@inline(__always)
private func usesOwnDefinition() -> Bool {
    LayoutGate.usesOwnDefinition(layoutState) { ConvolveForward.layoutIsKnown }
}

/// `tesseract::FullyConnected::ForwardTimeStep(int t, TFloat *output_line)` as lensd defines it for
/// the whole process (`this` first); see ``FullyConnectedSquash``. Not for calling from Swift.
@_cdecl("_ZN9tesseract14FullyConnected15ForwardTimeStepEiPf")
public func lensdFullyConnectedForwardTimeStep(_ layer: UnsafeMutableRawPointer, _ t: Int32, _ outputs: UnsafeMutablePointer<Float>?) {
    FullyConnectedSquash.squash(layer, t, outputs)
}

import Synchronization

/// Stacks each pixel's 3x3 neighbourhood for Tesseract's LSTM network (`tesseract::Convolve::Forward`)
/// in one pass, without a call per neighbour.
///
/// The first layer of Tesseract's line recogniser (`Ct3,3,16` in the English model) reads, at every
/// pixel of a line scaled to a height of 36, the pixel and its 8 neighbours; `Convolve::Forward`
/// gathers them into one row of the layer's output for the fully connected layer after it. It
/// does that with a `StrideMap::Index` moved to each neighbour (`AddOffset`) and a call to
/// `NetworkIO::CopyTimeStepGeneral` for each, which `memcpy`s one byte: about 9 % of a `--fast`
/// handheld-1280 replay's CPU even with ``StrideMapIndex``'s cheaper steps.
///
/// lensd defines the function itself (under its mangled name; libtesseract's `Convolve` vtable
/// finds it through the dynamic linker, which looks in the executable first). In the integer
/// mode of the fast models lensd loads, it sizes the output as Tesseract does
/// (`NetworkIO::ResizeToMap`), then walks the positions in Tesseract's order and copies each
/// neighbour's features straight from the input's rows. A neighbour outside the image is filled
/// by Tesseract's own `NetworkIO::Randomize`, called in the same order, so its random numbers come
/// out the same and so does every read. It reads the layouts of Debian's libtesseract 5.3.0
/// (checked against its disassembly): the layer's `ni_`, `no_`, `randomizer_`, `half_x_` and
/// `half_y_`; a `NetworkIO`'s integer array, its mode and its `StrideMap`. With any other version,
/// in floating-point mode, in debug display, or when an array's row lookup is not the plain one,
/// the call goes on to libtesseract's own function.
public enum ConvolveForward {
    static let symbol = InterposedSymbol(name: convolveForwardSymbol)

    /// Whether libtesseract's convolution layers reach lensd's definition, and it does the work
    /// (the linked libtesseract is 5.3, whose layout lensd knows).
    public static var isInPlace: Bool {
        layoutIsKnown && symbol.resolves(to: ownDefinition) && symbol.nextDefinition != nil
            && Tesseract.resizeToMap != nil && Tesseract.randomize != nil && Tesseract.rowIndex != nil
    }

    /// Whether the linked libtesseract is 5.3, whose `Network` and `NetworkIO` layouts lensd reads.
    static var layoutIsKnown: Bool {
        TesseractEngine.version.hasPrefix("5.3.")
    }

    /// Runs `body` with libtesseract's own definitions doing the work (for tests comparing the two).
    static func forwardingEveryCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LayoutGate.forwardingEveryCall(layoutState, body)
    }

    typealias Forward = @convention(c) (
        UnsafeMutableRawPointer, Bool, UnsafeRawPointer, UnsafeRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer
    ) -> Void

    private static let ownDefinition = unsafeBitCast(lensdConvolveForward as Forward, to: Int.self)

    fileprivate static func forward(
        _ layer: UnsafeMutableRawPointer, _ debug: Bool, _ input: UnsafeRawPointer,
        _ transposed: UnsafeRawPointer?, _ scratch: UnsafeMutableRawPointer?, _ output: UnsafeMutableRawPointer
    ) {
        guard !debug, usesOwnDefinition(), stack(layer, input, output) else {
            Tesseract.convolveForward?(layer, debug, input, transposed, scratch, output)
            return
        }
        stackedCount.add(1, ordering: .relaxed)
    }

    /// How many convolution layers lensd's definition ran since the process started.
    static var layersStacked: Int {
        stackedCount.load(ordering: .relaxed)
    }

    /// Fills `output` with every position's neighbourhood; false when the arrays are not the kind
    /// this reads (libtesseract's own function then does all of it, sizing the output again).
    private static func stack(_ layer: UnsafeMutableRawPointer, _ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer) -> Bool {
        guard let resizeToMap = Tesseract.resizeToMap, let randomize = Tesseract.randomize,
              let rowIndex = Tesseract.rowIndex
        else { return false }
        let source = NetworkArrays(base: input)
        guard source.isIntegerMode, source.hasPlainRows(rowIndex) else { return false }
        let features = layer.load(fromByteOffset: 0x18, as: Int32.self)
        let outputs = layer.load(fromByteOffset: 0x1c, as: Int32.self)
        let randomizer = layer.load(fromByteOffset: 0x58, as: UnsafeMutableRawPointer?.self)
        let halfWidth = Int(layer.load(fromByteOffset: 0x60, as: Int32.self))
        let halfHeight = Int(layer.load(fromByteOffset: 0x64, as: Int32.self))
        guard features > 0, halfWidth >= 0, halfHeight >= 0 else { return false }

        // An empty image or batch is left to Tesseract, whose walk never ends on one.
        guard let positions = source.positions else { return false }
        let map = source.strideMap
        let batchStep = positions.batchStep, yStep = positions.yStep, xStep = positions.xStep
        let lastIndices = positions.lastIndices

        resizeToMap(output, true, map, outputs)
        let target = NetworkArrays(base: UnsafeRawPointer(output))
        guard target.hasPlainRows(rowIndex) else { return false }
        let ni = Int(features)
        let columnBytes = (2 * halfHeight + 1) * ni
        let sourceRows = source.rows, sourceStride = source.rowStride
        let targetRows = target.mutableRows, targetStride = target.rowStride
        for (batch, last) in lastIndices.enumerated() {
            for y in 0...last.y {
                for x in 0...last.x {
                    let t = batch * batchStep + y * yStep + x * xStep
                    let row = targetRows + t * targetStride
                    var column = 0
                    for dx in -halfWidth...halfWidth {
                        let nx = x + dx
                        if nx < 0 || nx > last.x {
                            randomize(output, Int32(t), Int32(column), Int32(columnBytes), randomizer)
                        } else {
                            var place = column
                            for dy in -halfHeight...halfHeight {
                                let ny = y + dy
                                if ny < 0 || ny > last.y {
                                    randomize(output, Int32(t), Int32(place), Int32(ni), randomizer)
                                } else {
                                    let from = sourceRows + (t + dx * xStep + dy * yStep) * sourceStride
                                    if ni == 1 {
                                        row[place] = from[0]
                                    } else {
                                        (row + place).update(from: from, count: ni)
                                    }
                                }
                                place += ni
                            }
                        }
                        column += columnBytes
                    }
                }
            }
        }
        return true
    }
}

private let convolveForwardSymbol =
    "_ZN9tesseract8Convolve7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_"

/// libtesseract's functions this calls.
private enum Tesseract {
    static let convolveForward = ConvolveForward.symbol.nextDefinition.map { unsafeBitCast($0, to: ConvolveForward.Forward.self) }
    static let resizeToMap = NetworkFunctions.resizeToMap
    /// `NetworkIO::Randomize(int t, int offset, int num_features, TRand *)`.
    static let randomize = InterposedSymbol(name: "_ZN9tesseract9NetworkIO9RandomizeEiiiPNS_5TRandE").definition
        .map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutableRawPointer, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Void).self) }
    static let rowIndex = NetworkFunctions.rowIndex
}

private let stackedCount = Atomic<Int>(0)

/// Whether lensd's definitions do the work (``LayoutGate``).
private let layoutState = Atomic<UInt8>(0)

@inline(__always)
private func usesOwnDefinition() -> Bool {
    LayoutGate.usesOwnDefinition(layoutState) { ConvolveForward.layoutIsKnown }
}

/// `tesseract::Convolve::Forward(bool, const NetworkIO &, const TransposedArray *, NetworkScratch *,
/// NetworkIO *)` as lensd defines it for the whole process (`this` comes first, as the C++ ABI
/// passes it); see ``ConvolveForward``. Not for calling from Swift.
@_cdecl("_ZN9tesseract8Convolve7ForwardEbRKNS_9NetworkIOEPKNS_15TransposedArrayEPNS_14NetworkScratchEPS1_")
public func lensdConvolveForward(
    _ layer: UnsafeMutableRawPointer, _ debug: Bool, _ input: UnsafeRawPointer,
    _ transposed: UnsafeRawPointer?, _ scratch: UnsafeMutableRawPointer?, _ output: UnsafeMutableRawPointer
) {
    ConvolveForward.forward(layer, debug, input, transposed, scratch, output)
}

/// A `tesseract::NetworkIO` in place, as Debian's libtesseract 5.3.0 lays it out: its float array at
/// 0, its integer array (`GENERIC_2D_ARRAY<int8_t>`: vtable, `array_`, …, `dim2_` at 0x18 within it)
/// at 0x20, `int_mode_` at 0x40 and its `StrideMap` at 0x48.
///
/// Read by lensd's definitions of libtesseract's network steps (``ConvolveForward``,
/// ``LSTMForward``), which check the version before they use it.
struct NetworkArrays {
    let base: UnsafeRawPointer

    var isIntegerMode: Bool { base.load(fromByteOffset: 0x40, as: UInt8.self) != 0 }
    var strideMap: UnsafeRawPointer { base + 0x48 }
    var rows: UnsafePointer<Int8> { base.load(fromByteOffset: 0x28, as: UnsafePointer<Int8>.self) }
    var mutableRows: UnsafeMutablePointer<Int8> { base.load(fromByteOffset: 0x28, as: UnsafeMutablePointer<Int8>.self) }
    var rowStride: Int { Int(base.load(fromByteOffset: 0x38, as: Int32.self)) }
    /// The integer array's rows (`dim1_`): `NetworkIO::Width()` in integer mode.
    var rowCount: Int { Int(base.load(fromByteOffset: 0x34, as: Int32.self)) }

    /// Whether the integer array finds a row as `t * dim2_`: its virtual `index` is
    /// `GENERIC_2D_ARRAY<int8_t>`'s own, as `NetworkIO` checks before it takes that shortcut.
    func hasPlainRows(_ plainIndex: Int) -> Bool {
        guard let table = base.load(fromByteOffset: 0x20, as: UnsafeRawPointer?.self) else { return false }
        return table.load(fromByteOffset: 0x18, as: Int.self) == plainIndex
    }

    /// The positions its `StrideMap` holds, as `StrideMap::Index` walks them; nil when an image or
    /// the batch is empty (Tesseract's walk visits one position even then: that is left to it).
    var positions: Positions? {
        let map = strideMap
        let batches = Int(map.load(as: Int32.self))
        let height = map.load(fromByteOffset: 4, as: Int32.self), width = map.load(fromByteOffset: 8, as: Int32.self)
        let lastIndices = (0..<max(batches, 0)).map { batch in
            (y: Int(Self.lastIndex(map, height, batch: batch, sizesAt: 24)), x: Int(Self.lastIndex(map, width, batch: batch, sizesAt: 48)))
        }
        guard batches > 0, lastIndices.allSatisfy({ $0.y >= 0 && $0.x >= 0 }) else { return nil }
        return Positions(
            lastIndices: lastIndices,
            batchStep: Int(map.load(fromByteOffset: 12, as: Int32.self)),
            yStep: Int(map.load(fromByteOffset: 16, as: Int32.self)),
            xStep: Int(map.load(fromByteOffset: 20, as: Int32.self))
        )
    }

    /// `StrideMap::Index::MaxIndexOfDim` for y or x in `batch`: the map's size, or the image's own when smaller.
    private static func lastIndex(_ map: UnsafeRawPointer, _ size: Int32, batch: Int, sizesAt offset: Int) -> Int32 {
        let largest = size &- 1
        guard let first = map.load(fromByteOffset: offset, as: UnsafePointer<Int32>?.self),
              let end = map.load(fromByteOffset: offset + 8, as: UnsafePointer<Int32>?.self),
              batch < end - first
        else { return largest }
        return first[batch] > largest ? largest : first[batch] &- 1
    }

    /// Every (image, y, x) of a `StrideMap`: each image's last y and x, and the steps of `t`.
    struct Positions {
        let lastIndices: [(y: Int, x: Int)]
        let batchStep: Int, yStep: Int, xStep: Int

        /// How many positions there are.
        var count: Int {
            lastIndices.reduce(0) { $0 + ($1.y + 1) * ($1.x + 1) }
        }
    }
}

/// libtesseract's network functions that lensd's definitions call.
enum NetworkFunctions {
    /// `NetworkIO::ResizeToMap(bool int_mode, const StrideMap &, int num_features)`.
    static let resizeToMap = InterposedSymbol(name: "_ZN9tesseract9NetworkIO11ResizeToMapEbRKNS_9StrideMapEi").definition
        .map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutableRawPointer, Bool, UnsafeRawPointer, Int32) -> Void).self) }
    /// `NetworkIO::ResizeXTo1(const NetworkIO &src, int num_features)`.
    static let resizeXTo1 = InterposedSymbol(name: "_ZN9tesseract9NetworkIO10ResizeXTo1ERKS0_i").definition
        .map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer, Int32) -> Void).self) }
    /// `GENERIC_2D_ARRAY<int8_t>::index(int, int) const`, the plain row lookup.
    static let rowIndex = InterposedSymbol(name: "_ZNK9tesseract16GENERIC_2D_ARRAYIaE5indexEii").definition.map(Int.init(bitPattern:))
    /// `NetworkIO::ZeroInvalidElements()`: clears the rows of positions outside every image.
    static let zeroInvalidElements = InterposedSymbol(name: "_ZN9tesseract9NetworkIO19ZeroInvalidElementsEv").definition
        .map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutableRawPointer) -> Void).self) }
    /// `WeightMatrix::MatrixDotVector(const int8_t *u, TFloat *v) const`, the integer product of a
    /// layer's weights (with its bias) and an input vector, scaled into floats.
    static let integerMatrixDotVector = InterposedSymbol(name: "_ZNK9tesseract12WeightMatrix15MatrixDotVectorEPKaPf").definition
        .map { unsafeBitCast($0, to: (@convention(c) (UnsafeRawPointer, UnsafePointer<Int8>, UnsafeMutablePointer<Float>) -> Void).self) }
}

import CKernels

/// Tesseract's squashing functions of its LSTM gates (`tesseract::Tanh` and `tesseract::Logistic`
/// in `functions.h`), eight values at a time, bit for bit.
///
/// Tesseract computes them from a table of 4,096 values a 256th apart (`TanhTable`,
/// `LogisticTable`): for `x ≥ 0`, `s = x × 256` and `i = ⌊s⌋`, the result is 1 from `i ≥ 4,095` on,
/// else `table[i] + (table[i + 1] − table[i]) × (s − i)` in single precision; a negative `x` is
/// reflected (`−tanh(−x)`, `1 − logistic(−x)`). libtesseract does that one value at a time with a
/// branch on the sign, which a gate's values take either way at random. Here every step is a lane
/// operation but the table reads: the same operations on the same values, so the same results
/// (for NaN too; libtesseract's conversion of `s` wraps only beyond 2³², where the gates of a model
/// with byte weights never get).
///
/// Its table lives for the whole process (two are made, once): passing it to each call costs no
/// reference counting, which two OCR threads calling for every pixel would contend on.
struct GateFunction: @unchecked Sendable {
    /// What a negative `x` gives from the value at `−x`.
    enum Reflection: Sendable {
        /// `tanh(x) = −tanh(−x)`.
        case negated
        /// `logistic(x) = 1 − logistic(−x)`.
        case complemented
    }

    /// Entry `i`: `table[i]` and `table[i + 1] − table[i]`, for `i` in 0..<4095; never freed.
    let entries: UnsafePointer<SIMD2<Float>>
    let reflection: Reflection

    /// libtesseract's tanh, from its `TanhTable`; nil when libtesseract does not export one of 4,096 floats.
    static let tanh = GateFunction(tableSymbol: "_ZN9tesseract9TanhTableE", reflection: .negated)
    /// libtesseract's logistic, from its `LogisticTable`.
    static let logistic = GateFunction(tableSymbol: "_ZN9tesseract13LogisticTableE", reflection: .complemented)

    static let tableSize = 4096

    init?(tableSymbol: String, reflection: Reflection) {
        guard let address = InterposedSymbol(name: tableSymbol).definition else { return nil }
        let table = UnsafePointer<Float>(address.assumingMemoryBound(to: Float.self))
        let entries = UnsafeMutablePointer<SIMD2<Float>>.allocate(capacity: Self.tableSize - 1)
        for index in 0..<Self.tableSize - 1 {
            (entries + index).initialize(to: SIMD2(table[index], table[index + 1] - table[index]))
        }
        self.entries = UnsafePointer(entries)
        self.reflection = reflection
    }

    /// The function at eight values (`lensd_gate4` in `CKernels`, a half at a time: SSE2 on
    /// x86-64, where Swift's `SIMD8` builds the table reads' vectors a lane at a time).
    @inline(__always)
    func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let table = UnsafeRawPointer(entries).assumingMemoryBound(to: Float.self)
        let complemented: Int32 = reflection == .complemented ? 1 : 0
        return SIMD8(lowHalf: lensd_gate4(x.lowHalf, table, complemented), highHalf: lensd_gate4(x.highHalf, table, complemented))
    }
}

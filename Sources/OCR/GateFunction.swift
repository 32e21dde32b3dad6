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

    /// The function at eight values.
    @inline(__always)
    func callAsFunction(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let negative = x .< 0
        let scaled = x.replacing(with: -x, where: negative) * 256
        let outside = scaled .>= Float(Self.tableSize - 1)
        // NaN goes through the table at 0, as libtesseract's conversion puts it there.
        let indexable = scaled.replacing(with: 0, where: .!(scaled .< Float(Self.tableSize - 1)))
        // ⌊s⌋ without a conversion per lane: 2²³ added and taken away rounds to the nearest integer
        // (exact below 2²³), one less where that went up; its bits then hold the integer.
        let nearest = (indexable + 8_388_608) - 8_388_608
        let whole = nearest.replacing(with: nearest - 1, where: nearest .> indexable)
        let indices = unsafeBitCast(whole + 8_388_608, to: SIMD8<Int32>.self) &- 0x4B00_0000
        var low = SIMD8<Float>(), step = SIMD8<Float>()
        for lane in 0..<8 {
            let entry = entries[Int(indices[lane])]
            low[lane] = entry.x
            step[lane] = entry.y
        }
        let value = (step * (scaled - whole) + low).replacing(with: 1, where: outside)
        switch reflection {
        case .negated: return value.replacing(with: -value, where: negative)
        case .complemented: return value.replacing(with: 1 - value, where: negative)
        }
    }
}

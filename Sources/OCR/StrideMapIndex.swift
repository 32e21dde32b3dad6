import CTesseract
import Synchronization

/// Steps through libtesseract's network tensors (`tesseract::StrideMap::Index`) without a call per step.
///
/// Tesseract's LSTM network holds each layer's activations as a 2-D array indexed by one number
/// `t` for the (image, y, x) position; a `StrideMap::Index` walks those positions. Its member
/// functions are a few instructions each, but they live in `stridemap.cpp` and libtesseract
/// calls them through its PLT, and they call each other the same way: `AddOffset` calls
/// `SetTFromIndices` and `IsValid`, which calls `MaxIndexOfDim` once per dimension. The input
/// convolution (`Convolve::Forward`) moves an index to each of the 9 neighbours of every pixel
/// of a line scaled to the network's height of 36: on a `--fast` handheld-1280 replay these
/// functions took about 10 % of all CPU, more than the convolution's own copying.
///
/// lensd defines the eight member functions itself (under their mangled names, as
/// ``UniversalAmbiguitySkip`` does): libtesseract's calls reach them through the dynamic linker,
/// which looks in the executable first, and each one does its whole work without a further call.
/// They compute what libtesseract's own do, on the class layout `stridemap.h` has declared since
/// Tesseract 4.0 (checked against the disassembly of Debian's 5.3.0): an `Index` is the map's
/// address, `t` and the three indices (batch, y, x); a `StrideMap` its shape, its `t` increments
/// and two `std::vector<int>` of each image's height and width. With any other major version
/// (``layoutIsKnown``), every call goes on to libtesseract's own function (`dlsym(RTLD_NEXT, …)`).
public enum StrideMapIndex {
    /// The Itanium C++ ABI names of the functions lensd defines, each with libtesseract's own.
    static let symbols: [InterposedSymbol] = [
        maxIndexOfDimSymbol, isValidSymbol, isLastSymbol, incrementSymbol,
        decrementSymbol, setTFromIndicesSymbol, addOffsetSymbol, initToLastOfBatchSymbol,
    ].map(InterposedSymbol.init(name:))

    /// Whether libtesseract's index steps reach lensd's definitions: the process's definition of
    /// each is lensd's, libtesseract has its own to forward to, and its layout is the known one.
    public static var isInPlace: Bool {
        layoutIsKnown && zip(symbols, ownDefinitions).allSatisfy { symbol, own in
            symbol.resolves(to: own) && symbol.nextDefinition != nil
        }
    }

    /// Whether the linked libtesseract's major version (`TessVersion`) is one whose `StrideMap`
    /// layout lensd knows: 4 or 5.
    public static var layoutIsKnown: Bool {
        guard let version = TessVersion() else { return false }
        let major = String(cString: version).prefix { $0 != "." }
        return major == "4" || major == "5"
    }

    /// Runs `body` with libtesseract's own definitions doing the work (for tests comparing the two).
    static func forwardingEveryCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LayoutGate.forwardingEveryCall(layoutState, body)
    }

    private static let ownDefinitions: [Int] = [
        unsafeBitCast(lensdStrideMapMaxIndexOfDim as @convention(c) (UnsafeRawPointer, Int32) -> Int32, to: Int.self),
        unsafeBitCast(lensdStrideMapIsValid as @convention(c) (UnsafeRawPointer) -> Bool, to: Int.self),
        unsafeBitCast(lensdStrideMapIsLast as @convention(c) (UnsafeRawPointer, Int32) -> Bool, to: Int.self),
        unsafeBitCast(lensdStrideMapIncrement as @convention(c) (UnsafeMutableRawPointer) -> Bool, to: Int.self),
        unsafeBitCast(lensdStrideMapDecrement as @convention(c) (UnsafeMutableRawPointer) -> Bool, to: Int.self),
        unsafeBitCast(lensdStrideMapSetTFromIndices as @convention(c) (UnsafeMutableRawPointer) -> Void, to: Int.self),
        unsafeBitCast(lensdStrideMapAddOffset as @convention(c) (UnsafeMutableRawPointer, Int32, Int32) -> Bool, to: Int.self),
        unsafeBitCast(lensdStrideMapInitToLastOfBatch as @convention(c) (UnsafeMutableRawPointer, Int32) -> Void, to: Int.self),
    ]
}

private let maxIndexOfDimSymbol = "_ZNK9tesseract9StrideMap5Index13MaxIndexOfDimENS_14FlexDimensionsE"
private let isValidSymbol = "_ZNK9tesseract9StrideMap5Index7IsValidEv"
private let isLastSymbol = "_ZNK9tesseract9StrideMap5Index6IsLastENS_14FlexDimensionsE"
private let incrementSymbol = "_ZN9tesseract9StrideMap5Index9IncrementEv"
private let decrementSymbol = "_ZN9tesseract9StrideMap5Index9DecrementEv"
private let setTFromIndicesSymbol = "_ZN9tesseract9StrideMap5Index15SetTFromIndicesEv"
private let addOffsetSymbol = "_ZN9tesseract9StrideMap5Index9AddOffsetEiNS_14FlexDimensionsE"
private let initToLastOfBatchSymbol = "_ZN9tesseract9StrideMap5Index17InitToLastOfBatchEi"

/// Whether lensd's definitions do the work (``LayoutGate``).
private let layoutState = Atomic<UInt8>(0)

@inline(__always)
private func usesOwnDefinitions() -> Bool {
    LayoutGate.usesOwnDefinition(layoutState) { StrideMapIndex.layoutIsKnown }
}

/// libtesseract's own definitions, for another layout.
private enum Forward {
    static let maxIndexOfDim = next(maxIndexOfDimSymbol, as: (@convention(c) (UnsafeRawPointer, Int32) -> Int32).self)
    static let isValid = next(isValidSymbol, as: (@convention(c) (UnsafeRawPointer) -> Bool).self)
    static let isLast = next(isLastSymbol, as: (@convention(c) (UnsafeRawPointer, Int32) -> Bool).self)
    static let increment = next(incrementSymbol, as: (@convention(c) (UnsafeMutableRawPointer) -> Bool).self)
    static let decrement = next(decrementSymbol, as: (@convention(c) (UnsafeMutableRawPointer) -> Bool).self)
    static let setTFromIndices = next(setTFromIndicesSymbol, as: (@convention(c) (UnsafeMutableRawPointer) -> Void).self)
    static let addOffset = next(addOffsetSymbol, as: (@convention(c) (UnsafeMutableRawPointer, Int32, Int32) -> Bool).self)
    static let initToLastOfBatch = next(initToLastOfBatchSymbol, as: (@convention(c) (UnsafeMutableRawPointer, Int32) -> Void).self)

    private static func next<Function>(_ name: String, as type: Function.Type) -> Function? {
        InterposedSymbol(name: name).nextDefinition.map { unsafeBitCast($0, to: type) }
    }
}

/// A `tesseract::StrideMap::Index` in place: `const StrideMap *stride_map_; int t_; int indices_[3];`.
private struct IndexLayout {
    let base: UnsafeRawPointer

    @inline(__always) var map: MapLayout { MapLayout(base: base.load(as: UnsafeRawPointer.self)) }
    @inline(__always) var t: Int32 { base.load(fromByteOffset: 8, as: Int32.self) }
    @inline(__always) func index(_ dimension: Int) -> Int32 { base.load(fromByteOffset: 12 + 4 * dimension, as: Int32.self) }

    /// The largest valid index of `dimension`, given valid indices before it (`MaxIndexOfDim`):
    /// the map's size in it, or the current image's own height or width when that is smaller.
    @inline(__always) func maxIndex(_ dimension: Int) -> Int32 {
        let map = self.map
        let largest = map.shape(dimension) &- 1
        guard dimension != 0 else { return largest }
        let sizes = map.sizes(heights: dimension == 1)
        let batch = Int(index(0))
        guard let first = sizes.first, UInt(bitPattern: batch) < UInt(bitPattern: sizes.count) else { return largest }
        let size = first[batch]
        return size > largest ? largest : size &- 1
    }

    @inline(__always) func isLast(_ dimension: Int) -> Bool {
        maxIndex(dimension) == index(dimension)
    }

    @inline(__always) var isValid: Bool {
        let batch = index(0), y = index(1), x = index(2)
        guard batch >= 0, y >= 0, x >= 0 else { return false }
        return batch <= maxIndex(0) && y <= maxIndex(1) && x <= maxIndex(2)
    }
}

/// A `tesseract::StrideMap`: `int shape_[3]; int t_increments_[3]; std::vector<int> heights_, widths_;`.
private struct MapLayout {
    let base: UnsafeRawPointer

    @inline(__always) func shape(_ dimension: Int) -> Int32 { base.load(fromByteOffset: 4 * dimension, as: Int32.self) }
    @inline(__always) func tIncrement(_ dimension: Int) -> Int32 { base.load(fromByteOffset: 12 + 4 * dimension, as: Int32.self) }

    /// `heights_` or `widths_`: a libstdc++ vector's first element and its end.
    @inline(__always) func sizes(heights: Bool) -> (first: UnsafePointer<Int32>?, count: Int) {
        let offset = heights ? 24 : 48
        guard let first = base.load(fromByteOffset: offset, as: UnsafePointer<Int32>?.self),
              let end = base.load(fromByteOffset: offset + 8, as: UnsafePointer<Int32>?.self)
        else { return (nil, 0) }
        return (first, end - first)
    }
}

/// A mutable `tesseract::StrideMap::Index`.
private struct MutableIndexLayout {
    let base: UnsafeMutableRawPointer

    @inline(__always) var view: IndexLayout { IndexLayout(base: base) }

    @inline(__always) func setIndex(_ dimension: Int, _ value: Int32) {
        base.storeBytes(of: value, toByteOffset: 12 + 4 * dimension, as: Int32.self)
    }

    @inline(__always) func setT(_ value: Int32) {
        base.storeBytes(of: value, toByteOffset: 8, as: Int32.self)
    }

    @inline(__always) func setTFromIndices() {
        let view = self.view, map = view.map
        setT(map.tIncrement(0) &* view.index(0) &+ map.tIncrement(1) &* view.index(1) &+ map.tIncrement(2) &* view.index(2))
    }

    @inline(__always) func initToLast(ofBatch batch: Int32) {
        setIndex(0, batch)
        setIndex(1, view.maxIndex(1))
        setIndex(2, view.maxIndex(2))
        setTFromIndices()
    }
}

/// `StrideMap::Index::MaxIndexOfDim(FlexDimensions) const` as lensd defines it. See ``StrideMapIndex``.
@_cdecl("_ZNK9tesseract9StrideMap5Index13MaxIndexOfDimENS_14FlexDimensionsE")
public func lensdStrideMapMaxIndexOfDim(_ index: UnsafeRawPointer, _ dimension: Int32) -> Int32 {
    guard usesOwnDefinitions() else { return Forward.maxIndexOfDim?(index, dimension) ?? 0 }
    return IndexLayout(base: index).maxIndex(Int(dimension))
}

/// `StrideMap::Index::IsValid() const` as lensd defines it. See ``StrideMapIndex``.
@_cdecl("_ZNK9tesseract9StrideMap5Index7IsValidEv")
public func lensdStrideMapIsValid(_ index: UnsafeRawPointer) -> Bool {
    guard usesOwnDefinitions() else { return Forward.isValid?(index) ?? false }
    return IndexLayout(base: index).isValid
}

/// `StrideMap::Index::IsLast(FlexDimensions) const` as lensd defines it. See ``StrideMapIndex``.
@_cdecl("_ZNK9tesseract9StrideMap5Index6IsLastENS_14FlexDimensionsE")
public func lensdStrideMapIsLast(_ index: UnsafeRawPointer, _ dimension: Int32) -> Bool {
    guard usesOwnDefinitions() else { return Forward.isLast?(index, dimension) ?? true }
    return IndexLayout(base: index).isLast(Int(dimension))
}

/// `StrideMap::Index::Increment()` as lensd defines it: the next position, x fastest; false
/// (and the first position) after the last. See ``StrideMapIndex``.
@_cdecl("_ZN9tesseract9StrideMap5Index9IncrementEv")
public func lensdStrideMapIncrement(_ index: UnsafeMutableRawPointer) -> Bool {
    guard usesOwnDefinitions() else { return Forward.increment?(index) ?? false }
    let step = MutableIndexLayout(base: index)
    let view = step.view, map = view.map
    var t = view.t
    for dimension in stride(from: 2, through: 0, by: -1) {
        if !view.isLast(dimension) {
            step.setT(t &+ map.tIncrement(dimension))
            step.setIndex(dimension, view.index(dimension) &+ 1)
            return true
        }
        t = t &- map.tIncrement(dimension) &* view.index(dimension)
        step.setT(t)
        step.setIndex(dimension, 0)
    }
    return false
}

/// `StrideMap::Index::Decrement()` as lensd defines it: the previous position; false (and the
/// last position) before the first. See ``StrideMapIndex``.
@_cdecl("_ZN9tesseract9StrideMap5Index9DecrementEv")
public func lensdStrideMapDecrement(_ index: UnsafeMutableRawPointer) -> Bool {
    guard usesOwnDefinitions() else { return Forward.decrement?(index) ?? false }
    let step = MutableIndexLayout(base: index)
    let view = step.view, map = view.map
    for dimension in stride(from: 2, through: 0, by: -1) {
        let current = view.index(dimension)
        if current > 0 {
            step.setIndex(dimension, current &- 1)
            if dimension == 0 {
                step.initToLast(ofBatch: current &- 1)
            } else {
                step.setT(view.t &- map.tIncrement(dimension))
            }
            return true
        }
        let last = view.maxIndex(dimension)
        step.setIndex(dimension, last)
        step.setT(view.t &+ map.tIncrement(dimension) &* last)
    }
    return false
}

/// `StrideMap::Index::SetTFromIndices()` as lensd defines it. See ``StrideMapIndex``.
@_cdecl("_ZN9tesseract9StrideMap5Index15SetTFromIndicesEv")
public func lensdStrideMapSetTFromIndices(_ index: UnsafeMutableRawPointer) {
    guard usesOwnDefinitions() else { Forward.setTFromIndices?(index); return }
    MutableIndexLayout(base: index).setTFromIndices()
}

/// `StrideMap::Index::AddOffset(int, FlexDimensions)` as lensd defines it: moves the index and
/// tells whether it is still valid. See ``StrideMapIndex``.
@_cdecl("_ZN9tesseract9StrideMap5Index9AddOffsetEiNS_14FlexDimensionsE")
public func lensdStrideMapAddOffset(_ index: UnsafeMutableRawPointer, _ offset: Int32, _ dimension: Int32) -> Bool {
    guard usesOwnDefinitions() else { return Forward.addOffset?(index, offset, dimension) ?? false }
    let step = MutableIndexLayout(base: index)
    let dimension = Int(dimension)
    step.setIndex(dimension, step.view.index(dimension) &+ offset)
    step.setTFromIndices()
    return step.view.isValid
}

/// `StrideMap::Index::InitToLastOfBatch(int)` as lensd defines it. See ``StrideMapIndex``.
@_cdecl("_ZN9tesseract9StrideMap5Index17InitToLastOfBatchEi")
public func lensdStrideMapInitToLastOfBatch(_ index: UnsafeMutableRawPointer, _ batch: Int32) {
    guard usesOwnDefinitions() else { Forward.initToLastOfBatch?(index, batch); return }
    MutableIndexLayout(base: index).initToLast(ofBatch: batch)
}

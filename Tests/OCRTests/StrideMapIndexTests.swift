import Foundation
import Testing
@testable import OCR

@Suite("StrideMapIndex", .serialized)
struct StrideMapIndexTests {
    @Test("takes the place of libtesseract's StrideMap::Index functions in the process")
    func takesThePlaceOfTesseractsFunctions() {
        #expect(StrideMapIndex.layoutIsKnown)
        #expect(StrideMapIndex.isInPlace)
    }

    @Test("every function gives libtesseract's result and leaves the index as libtesseract's does, on maps of 1 to 3 images")
    func computesWhatTesseractsFunctionsCompute() throws {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<300 {
            let map = FakeStrideMap.random(using: &generator)
            for _ in 0..<20 {
                let start = map.randomIndex(using: &generator)
                let dimension = Int32.random(in: 0...2, using: &generator)
                let offset = Int32.random(in: -3...3, using: &generator)
                let batch = Int32.random(in: 0..<Int32(map.batches), using: &generator)
                for function in Function.allCases {
                    let own = try function.call(own: true, map: map, index: start, dimension: dimension, offset: offset, batch: batch)
                    let tesseracts = try function.call(own: false, map: map, index: start, dimension: dimension, offset: offset, batch: batch)
                    #expect(own == tesseracts, "\(function) on \(map) from \(start), dimension \(dimension), offset \(offset)")
                    checked += 1
                }
            }
        }
        #expect(checked == 300 * 20 * Function.allCases.count)
    }

    @Test("Increment walks every position of every image in libtesseract's order, and Decrement walks back")
    func walksAsTesseractWalks() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let map = FakeStrideMap.random(using: &generator)
            for (function, start) in [(Function.increment, map.firstIndex), (.decrement, map.lastIndex)] {
                var own = start, tesseracts = start
                var steps = 0
                while true {
                    let ownStep = try function.call(own: true, map: map, index: own)
                    let tesseractsStep = try function.call(own: false, map: map, index: tesseracts)
                    #expect(ownStep == tesseractsStep, "\(function) step \(steps) on \(map)")
                    own = ownStep.index
                    tesseracts = tesseractsStep.index
                    steps += 1
                    guard ownStep.result != 0, ownStep == tesseractsStep, steps < 10_000 else { break }
                }
                #expect(steps == map.positions, "\(function) on \(map)")
            }
        }
    }

    @Test("every fixture reads the same, words, boxes and confidences, as with libtesseract's own index steps")
    func readsTheSameAsTesseractsOwnSteps() throws {
        let own = try PGMFixture.readEveryFixture()
        let tesseracts = try StrideMapIndex.forwardingEveryCall { try PGMFixture.readEveryFixture() }
        #expect(own.count >= 20)
        #expect(own.values.flatMap { $0.flatMap(\.words) }.count > 50)
        for key in own.keys.sorted() {
            #expect(own[key] == tesseracts[key], "\(key)")
        }
    }

    /// An index's state: `t` and the three indices.
    struct IndexState: Equatable, CustomStringConvertible {
        var t: Int32
        var indices: [Int32]
        var description: String { "t \(t) \(indices)" }
    }

    /// A function's return value (0 for `void`) and the index after it.
    struct Outcome: Equatable {
        var result: Int32
        var index: IndexState
    }

    enum Function: CaseIterable {
        case maxIndexOfDim, isValid, isLast, increment, decrement, setTFromIndices, addOffset, initToLastOfBatch

        var name: String {
            switch self {
            case .maxIndexOfDim: "_ZNK9tesseract9StrideMap5Index13MaxIndexOfDimENS_14FlexDimensionsE"
            case .isValid: "_ZNK9tesseract9StrideMap5Index7IsValidEv"
            case .isLast: "_ZNK9tesseract9StrideMap5Index6IsLastENS_14FlexDimensionsE"
            case .increment: "_ZN9tesseract9StrideMap5Index9IncrementEv"
            case .decrement: "_ZN9tesseract9StrideMap5Index9DecrementEv"
            case .setTFromIndices: "_ZN9tesseract9StrideMap5Index15SetTFromIndicesEv"
            case .addOffset: "_ZN9tesseract9StrideMap5Index9AddOffsetEiNS_14FlexDimensionsE"
            case .initToLastOfBatch: "_ZN9tesseract9StrideMap5Index17InitToLastOfBatchEi"
            }
        }

        /// Calls the process's definition (lensd's, `own`) or libtesseract's (`RTLD_NEXT`) on an
        /// `Index` laid out as libtesseract's, pointing at `map`.
        func call(own: Bool, map: FakeStrideMap, index: IndexState, dimension: Int32 = 0, offset: Int32 = 0, batch: Int32 = 0) throws -> Outcome {
            let symbol = InterposedSymbol(name: name)
            let address = try #require(own ? symbol.definition : symbol.nextDefinition)
            let memory = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
            defer { memory.deallocate() }
            memory.storeBytes(of: UnsafeRawPointer(map.memory), as: UnsafeRawPointer.self)
            memory.storeBytes(of: index.t, toByteOffset: 8, as: Int32.self)
            for (dimension, value) in index.indices.enumerated() {
                memory.storeBytes(of: value, toByteOffset: 12 + 4 * dimension, as: Int32.self)
            }
            let result: Int32
            switch self {
            case .maxIndexOfDim:
                result = unsafeBitCast(address, to: (@convention(c) (UnsafeRawPointer, Int32) -> Int32).self)(memory, dimension)
            case .isValid:
                result = unsafeBitCast(address, to: (@convention(c) (UnsafeRawPointer) -> Bool).self)(memory) ? 1 : 0
            case .isLast:
                result = unsafeBitCast(address, to: (@convention(c) (UnsafeRawPointer, Int32) -> Bool).self)(memory, dimension) ? 1 : 0
            case .increment, .decrement:
                result = unsafeBitCast(address, to: (@convention(c) (UnsafeMutableRawPointer) -> Bool).self)(memory) ? 1 : 0
            case .setTFromIndices:
                unsafeBitCast(address, to: (@convention(c) (UnsafeMutableRawPointer) -> Void).self)(memory)
                result = 0
            case .addOffset:
                result = unsafeBitCast(address, to: (@convention(c) (UnsafeMutableRawPointer, Int32, Int32) -> Bool).self)(memory, offset, dimension) ? 1 : 0
            case .initToLastOfBatch:
                unsafeBitCast(address, to: (@convention(c) (UnsafeMutableRawPointer, Int32) -> Void).self)(memory, batch)
                result = 0
            }
            let after = IndexState(
                t: memory.load(fromByteOffset: 8, as: Int32.self),
                indices: (0..<3).map { memory.load(fromByteOffset: 12 + 4 * $0, as: Int32.self) }
            )
            return Outcome(result: result, index: after)
        }
    }

    /// A `tesseract::StrideMap` laid out as libtesseract 5.3 lays it out: `int shape_[3]`,
    /// `int t_increments_[3]`, then `heights_` and `widths_` as libstdc++ vectors (first, end and
    /// capacity end), built from the images' sizes as `StrideMap::SetStride` builds it.
    final class FakeStrideMap: CustomStringConvertible {
        let memory: UnsafeMutableRawPointer
        let heights: UnsafeMutablePointer<Int32>
        let widths: UnsafeMutablePointer<Int32>
        let batches: Int
        let sizes: [(height: Int32, width: Int32)]
        let shape: (Int32, Int32, Int32)

        /// `sizes` per image; `vectors` false leaves `heights_` and `widths_` empty, as in a map
        /// whose sizes come from its shape alone; `shrink` makes the shape smaller than the largest
        /// image by that much (libtesseract never builds such a map, but its functions define it).
        init(sizes: [(height: Int32, width: Int32)], vectors: Bool, shrink: Int32 = 0) {
            self.sizes = sizes
            batches = sizes.count
            shape = (Int32(sizes.count), max(1, (sizes.map(\.height).max() ?? 0) - shrink), max(1, (sizes.map(\.width).max() ?? 0) - shrink))
            memory = .allocate(byteCount: 72, alignment: 8)
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: 72)
            heights = .allocate(capacity: max(sizes.count, 1))
            widths = .allocate(capacity: max(sizes.count, 1))
            for (image, size) in sizes.enumerated() {
                heights[image] = size.height
                widths[image] = size.width
            }
            let increments = (shape.1 * shape.2, shape.2, Int32(1))
            for (offset, value) in [shape.0, shape.1, shape.2, increments.0, increments.1, increments.2].enumerated() {
                memory.storeBytes(of: value, toByteOffset: 4 * offset, as: Int32.self)
            }
            if vectors {
                for (offset, first) in [(24, heights), (48, widths)] {
                    memory.storeBytes(of: first, toByteOffset: offset, as: UnsafeMutablePointer<Int32>.self)
                    memory.storeBytes(of: first + sizes.count, toByteOffset: offset + 8, as: UnsafeMutablePointer<Int32>.self)
                    memory.storeBytes(of: first + sizes.count, toByteOffset: offset + 16, as: UnsafeMutablePointer<Int32>.self)
                }
            }
        }

        deinit {
            memory.deallocate()
            heights.deallocate()
            widths.deallocate()
        }

        static func random(using generator: inout some RandomNumberGenerator) -> FakeStrideMap {
            let count = Int.random(in: 1...3, using: &generator)
            let sizes = (0..<count).map { _ in
                (height: Int32.random(in: 1...6, using: &generator), width: Int32.random(in: 1...9, using: &generator))
            }
            return FakeStrideMap(
                sizes: sizes, vectors: Int.random(in: 0..<5, using: &generator) != 0,
                shrink: Int.random(in: 0..<4, using: &generator) == 0 ? 1 : 0
            )
        }

        /// Positions an `Increment` walk visits: each image's own size when the vectors are set, the shape's otherwise.
        var positions: Int {
            let vectorsSet = memory.load(fromByteOffset: 24, as: UnsafeRawPointer?.self) != nil
            return vectorsSet
                ? sizes.reduce(0) { $0 + Int(min($1.height, shape.1) * min($1.width, shape.2)) } : batches * Int(shape.1 * shape.2)
        }

        var firstIndex: IndexState { IndexState(t: 0, indices: [0, 0, 0]) }

        /// Where `InitToLast` starts a backward walk: the last image's last position.
        var lastIndex: IndexState {
            let vectorsSet = memory.load(fromByteOffset: 24, as: UnsafeRawPointer?.self) != nil
            let last = vectorsSet
                ? (height: min(sizes[batches - 1].height, shape.1), width: min(sizes[batches - 1].width, shape.2)) : (height: shape.1, width: shape.2)
            let indices = [Int32(batches - 1), last.height - 1, last.width - 1]
            return IndexState(t: indices[0] * shape.1 * shape.2 + indices[1] * shape.2 + indices[2], indices: indices)
        }

        /// An index anywhere near the map, valid or not (one step outside each side included).
        func randomIndex(using generator: inout some RandomNumberGenerator) -> IndexState {
            let indices = [
                Int32.random(in: -1...shape.0, using: &generator),
                Int32.random(in: -1...shape.1, using: &generator),
                Int32.random(in: -1...shape.2, using: &generator),
            ]
            return IndexState(t: Int32.random(in: -5...200, using: &generator), indices: indices)
        }

        var description: String { "images \(sizes.map { "\($0.height)x\($0.width)" })" }
    }
}

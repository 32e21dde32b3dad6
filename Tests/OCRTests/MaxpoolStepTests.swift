import Foundation
import Testing
@testable import OCR

@Suite("MaxpoolStep", .serialized)
struct MaxpoolStepTests {
    @Test("takes the place of libtesseract's NetworkIO::MaxpoolTimeStep in the process")
    func takesThePlaceOfTesseractsStep() {
        #expect(MaxpoolStep.isInPlace)
    }

    @Test("keeps the bytes and positions libtesseract's own function keeps, ties and negative bytes included")
    func poolsWhatTesseractPools() throws {
        let own = try #require(MaxpoolStep.symbol.definition)
        let tesseracts = try #require(MaxpoolStep.symbol.nextDefinition)
        let rowIndex = try #require(NetworkFunctions.rowIndex)
        var generator = SystemRandomNumberGenerator()
        for features in [1, 3, 15, 16, 17, 32, 40, 48] {
            // Few distinct values, so that ties are common.
            let input = (0..<4 * features).map { _ in Int8.random(in: -3...3, using: &generator) }
            let output = (0..<3 * features).map { _ in Int8.random(in: -3...3, using: &generator) }
            let positions = (0..<features).map { _ in Int32.random(in: 0...9, using: &generator) }
            let t = Int32.random(in: 0..<3, using: &generator), inputT = Int32.random(in: 0..<4, using: &generator)
            let results = [own, tesseracts].map { step in
                var pooled = output, sources = positions
                IntegerArrays.with(&pooled, width: features, rowIndex: rowIndex) { target in
                    var offered = input
                    IntegerArrays.with(&offered, width: features, rowIndex: rowIndex) { source in
                        sources.withUnsafeMutableBufferPointer { lines in
                            unsafeBitCast(step, to: MaxpoolStep.Step.self)(target, t, source, inputT, lines.baseAddress)
                        }
                    }
                }
                return (pooled, sources)
            }
            #expect(results[0].0 == results[1].0, "\(features) features")
            #expect(results[0].1 == results[1].1, "\(features) features")
        }
    }

    @Test("every fixture reads the same, words, boxes and confidences, as with libtesseract's own max-pool step")
    func readsTheSameAsTesseractsOwnStep() throws {
        let own = try PGMFixture.readEveryFixture()
        let tesseracts = try MaxpoolStep.forwardingEveryCall { try PGMFixture.readEveryFixture() }
        #expect(own.values.flatMap { $0.flatMap(\.words) }.count > 50)
        for key in own.keys.sorted() {
            #expect(own[key] == tesseracts[key], "\(key)")
        }
    }

    /// A `tesseract::NetworkIO` in integer mode, as far as `MaxpoolTimeStep` reads it: the integer
    /// array's virtual table at 0x20 (its `index` at 0x18, the plain one), rows at 0x28 and row length
    /// at 0x38, `int_mode_` at 0x40.
    private enum IntegerArrays {
        static func with(_ bytes: inout [Int8], width: Int, rowIndex: Int, _ body: (UnsafeMutableRawPointer) -> Void) {
            let object = UnsafeMutableRawPointer.allocate(byteCount: 0x80, alignment: 8)
            let table = UnsafeMutableRawPointer.allocate(byteCount: 0x20, alignment: 8)
            defer {
                object.deallocate()
                table.deallocate()
            }
            object.initializeMemory(as: UInt8.self, repeating: 0, count: 0x80)
            table.initializeMemory(as: UInt8.self, repeating: 0, count: 0x20)
            table.storeBytes(of: rowIndex, toByteOffset: 0x18, as: Int.self)
            bytes.withUnsafeMutableBufferPointer { buffer in
                object.storeBytes(of: table, toByteOffset: 0x20, as: UnsafeMutableRawPointer.self)
                object.storeBytes(of: buffer.baseAddress, toByteOffset: 0x28, as: UnsafeMutablePointer<Int8>?.self)
                object.storeBytes(of: Int32(width), toByteOffset: 0x38, as: Int32.self)
                object.storeBytes(of: 1, toByteOffset: 0x40, as: UInt8.self)
                body(object)
            }
        }
    }
}

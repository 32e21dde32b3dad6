import Foundation
import Testing
@testable import OCR

@Suite("FullyConnectedSquash", .serialized)
struct FullyConnectedSquashTests {
    @Test("takes the place of libtesseract's FullyConnected::ForwardTimeStep(int, TFloat *) in the process")
    func takesThePlaceOfTesseractsSquash() {
        #expect(FullyConnectedSquash.isInPlace)
    }

    @Test("tanh and logistic layers of any width get the values libtesseract's own function gives; others are its own")
    func squashesWhatTesseractSquashes() throws {
        let own = try #require(FullyConnectedSquash.symbol.definition)
        let tesseracts = try #require(FullyConnectedSquash.symbol.nextDefinition)
        var generator = SystemRandomNumberGenerator()
        // NT_LOGISTIC, NT_TANH, NT_RELU, NT_LINEAR.
        for type: Int32 in [16, 19, 20, 21] {
            for count in [1, 7, 8, 9, 16, 23, 96] {
                let values = (0..<count).map { _ in Float.random(in: -20...20, using: &generator) }
                let results = [own, tesseracts].map { squash in
                    var outputs = values + [42]
                    Self.withLayer(type: type, outputs: count) { layer in
                        outputs.withUnsafeMutableBufferPointer { buffer in
                            unsafeBitCast(squash, to: FullyConnectedSquash.Squash.self)(layer, 0, buffer.baseAddress)
                        }
                    }
                    return outputs.map(\.bitPattern)
                }
                #expect(results[0] == results[1], "type \(type), \(count) outputs")
                #expect(results[0].last == Float(42).bitPattern, "writes past its outputs")
            }
        }
    }

    @Test("every fixture reads the same, words, boxes and confidences, as with libtesseract's own squashing")
    func readsTheSameAsTesseractsOwnSquash() throws {
        let before = FullyConnectedSquash.stepsSquashed
        let own = try PGMFixture.readEveryFixture()
        #expect(FullyConnectedSquash.stepsSquashed > before)
        let tesseracts = try FullyConnectedSquash.forwardingEveryCall { try PGMFixture.readEveryFixture() }
        #expect(own.values.flatMap { $0.flatMap(\.words) }.count > 50)
        for key in own.keys.sorted() {
            #expect(own[key] == tesseracts[key], "\(key)")
        }
    }

    /// A `tesseract::Network` as far as the squashing reads it: `type_` at 0x08, `no_` at 0x1c.
    private static func withLayer(type: Int32, outputs: Int, _ body: (UnsafeMutableRawPointer) -> Void) {
        let layer = UnsafeMutableRawPointer.allocate(byteCount: 0x60, alignment: 8)
        defer { layer.deallocate() }
        layer.initializeMemory(as: UInt8.self, repeating: 0, count: 0x60)
        layer.storeBytes(of: type, toByteOffset: 0x08, as: Int32.self)
        layer.storeBytes(of: Int32(outputs), toByteOffset: 0x1c, as: Int32.self)
        body(layer)
    }
}

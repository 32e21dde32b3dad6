import Foundation
import Testing
@testable import OCR

@Suite("FullyConnectedForward", .serialized)
struct FullyConnectedForwardTests {
    @Test("takes the place of libtesseract's FullyConnected::Forward in the process")
    func takesThePlaceOfTesseractsLayer() {
        #expect(FullyConnectedForward.isInPlace)
    }

    @Test("every fixture reads the same, words, boxes and confidences, as with libtesseract's own fully connected layers")
    func readsTheSameAsTesseractsOwnLayers() throws {
        let before = FullyConnectedForward.layersRun
        let own = try PGMFixture.readEveryFixture()
        let run = FullyConnectedForward.layersRun - before
        let tesseracts = try FullyConnectedForward.forwardingEveryCall { try PGMFixture.readEveryFixture() }
        // The English model's first layer is a tanh layer, run once per line read at least.
        #expect(run >= own.values.reduce(0) { $0 + $1.count })
        #expect(own.values.flatMap { $0.flatMap(\.words) }.count > 50)
        for key in own.keys.sorted() {
            #expect(own[key] == tesseracts[key], "\(key)")
        }
    }
}

import Foundation
import Testing
@testable import OCR

@Suite("ConvolveForward", .serialized)
struct ConvolveForwardTests {
    @Test("takes the place of libtesseract's Convolve::Forward in the process")
    func takesThePlaceOfTesseractsConvolution() {
        #expect(ConvolveForward.layoutIsKnown)
        #expect(ConvolveForward.isInPlace)
    }

    @Test("every fixture reads the same, words, boxes and confidences, as with libtesseract's own convolution")
    func readsTheSameAsTesseractsOwnConvolution() throws {
        let before = ConvolveForward.layersStacked
        let own = try PGMFixture.readEveryFixture()
        let stacked = ConvolveForward.layersStacked - before
        let tesseracts = try ConvolveForward.forwardingEveryCall { try PGMFixture.readEveryFixture() }
        // One convolution per line read, at least; other suites' reads may add theirs.
        #expect(stacked >= own.values.reduce(0) { $0 + $1.count })
        #expect(own.values.flatMap { $0.flatMap(\.words) }.count > 50)
        for key in own.keys.sorted() {
            #expect(own[key] == tesseracts[key], "\(key)")
        }
    }
}

import Foundation
import Testing
@testable import OCR

@Suite("LSTMForward", .serialized)
struct LSTMForwardTests {
    @Test("takes the place of libtesseract's LSTM::Forward in the process")
    func takesThePlaceOfTesseractsLSTM() {
        #expect(LSTMForward.isInPlace)
    }

    @Test("every fixture reads the same, words, boxes and confidences, as with libtesseract's own LSTM layers")
    func readsTheSameAsTesseractsOwnLSTM() throws {
        let before = LSTMForward.layersRun
        let own = try PGMFixture.readEveryFixture()
        let run = LSTMForward.layersRun - before
        let tesseracts = try LSTMForward.forwardingEveryCall { try PGMFixture.readEveryFixture() }
        // The English model has four LSTM layers (one summarising), run once per line read at least.
        #expect(run >= 4 * own.values.reduce(0) { $0 + $1.count })
        #expect(own.values.flatMap { $0.flatMap(\.words) }.count > 50)
        for key in own.keys.sorted() {
            #expect(own[key] == tesseracts[key], "\(key)")
        }
    }
}

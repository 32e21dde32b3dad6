import Testing
@testable import TextRecognition

@Suite("Greedy CTC decoding")
struct CTCDecoderTests {
    static let characters = ["", "1", "2", "$", ".", " "]

    @Test func repeatedStepsAreOneCharacterAndBlanksSeparateDoubledOnes() {
        // 1 1 _ 1 2 2 → "112"
        let line = CTCDecoder.decode(classes: [1, 1, 0, 1, 2, 2], probabilities: [0.9, 0.8, 1, 0.7, 0.6, 0.95], characters: Self.characters, stepWidth: 8)
        #expect(line.text == "112")
        #expect(line.characters.map(\.columns) == [0...16, 24...32, 32...48])
        #expect(line.characters.map(\.probability) == [Double(Float(0.9)), Double(Float(0.7)), Double(Float(0.95))])
    }

    @Test func spacesSplitWordsAndTrailingSpacesGo() {
        let line = CTCDecoder.decode(classes: [5, 3, 1, 0, 5, 2, 4, 5], probabilities: Array(repeating: 0.5, count: 8), characters: Self.characters, stepWidth: 4)
        #expect(line.text == "$1 2.")
        #expect(line.words.map { $0.map(\.text).joined() } == ["$1", "2."])
        #expect(line.confidence == 0.5)
    }

    @Test func nothingReadHasNoConfidence() {
        let line = CTCDecoder.decode(classes: [0, 0, 0], probabilities: [1, 1, 1], characters: Self.characters, stepWidth: 8)
        #expect(line.text.isEmpty)
        #expect(line.confidence == 0)
    }

    @Test func classesBeyondTheCharacterListAreSkipped() {
        let line = CTCDecoder.decode(classes: [1, 9, 2], probabilities: [1, 1, 1], characters: Self.characters, stepWidth: 8)
        #expect(line.text == "12")
    }
}

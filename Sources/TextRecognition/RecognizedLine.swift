/// One line as the recogniser read it: its characters, each with the columns of the line image
/// it was read at and how probable the network found it.
public struct RecognizedLine: Sendable, Hashable {
    public struct Character: Sendable, Hashable {
        public var text: String
        /// The line image's columns of the time steps that read it (CTC's repeated steps included).
        public var columns: ClosedRange<Double>
        /// The network's probability of the character at its most probable step (0…1).
        public var probability: Double
    }

    public var characters: [Character]

    public init(characters: [Character]) {
        self.characters = characters
    }

    public var text: String { characters.map(\.text).joined() }

    /// The mean probability of the characters other than spaces; 0 for an empty read.
    public var confidence: Double {
        let read = characters.filter { $0.text != " " }
        guard !read.isEmpty else { return 0 }
        return read.reduce(0) { $0 + $1.probability } / Double(read.count)
    }

    /// The line's words: runs of characters between spaces.
    public var words: [[Character]] {
        characters.split(whereSeparator: { $0.text == " " }).map(Array.init)
    }
}

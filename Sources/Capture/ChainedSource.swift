/// Plays several sources one after another as one stream (e.g. `lensd replay a.y4m dir/`),
/// numbering frames continuously.
final class ChainedSource: FrameSource {
    let name: String
    /// The common rate when every part declares the same one, else `nil`.
    let nominalFrameRate: Double?

    private let sources: [any FrameSource]
    private var current = 0
    private var nextSequence: UInt64 = 0

    init(name: String, sources: [any FrameSource]) {
        self.name = name
        self.sources = sources
        let rates = Set(sources.map(\.nominalFrameRate))
        self.nominalFrameRate = rates.count == 1 ? rates.first ?? nil : nil
    }

    func next() throws(ReplayError) -> SourceEvent? {
        while current < sources.count {
            let event: SourceEvent?
            do {
                event = try sources[current].next()
            } catch {
                current = sources.count
                throw error
            }
            switch event {
            case .none:
                current += 1
            case var .frame(frame):
                frame.sequence = nextSequence
                nextSequence += 1
                return .frame(frame)
            case let .skipped(error):
                return .skipped(error)
            }
        }
        return nil
    }

    func rewind() throws(ReplayError) {
        for source in sources {
            try source.rewind()
        }
        current = 0
    }
}

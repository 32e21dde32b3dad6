extension OCRLine {
    /// Two readings of one image's lines (two looks at it) made one: a line of `second` that
    /// overlaps lines of `first` (half of the smaller box or more) replaces them when it is surer
    /// than each of them and is dropped otherwise; lines that overlap nothing of the other
    /// reading stay.
    public static func surer(_ first: [OCRLine], _ second: [OCRLine]) -> [OCRLine] {
        var kept = first
        var added: [OCRLine] = []
        for line in second.sorted(by: { $0.confidence > $1.confidence }) {
            let rivals = kept.indices.filter { line.box.overlapsMostly(kept[$0].box) }
            guard rivals.allSatisfy({ kept[$0].confidence < line.confidence }) else { continue }
            for index in rivals.reversed() { kept.remove(at: index) }
            added.append(line)
        }
        return kept + added
    }
}

extension OCRRect {
    /// Whether the two rectangles share at least half of the smaller one's area.
    func overlapsMostly(_ other: OCRRect) -> Bool {
        let shared = intersectionArea(other)
        return shared > 0 && 2 * shared >= min(width * height, other.width * other.height)
    }
}

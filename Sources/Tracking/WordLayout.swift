/// Where each OCR word of a line sits in the line's text, to map text spans back to pixels.
///
/// Words are found in order in the line text (the engine joins them with spaces, but may add or drop
/// characters); a word that cannot be found is left unplaced.
struct WordLayout {
    /// A word and the scalar offsets it covers in the line text.
    struct Placed {
        var word: TextLine.Word
        var range: Range<Int>
    }

    let placed: [Placed]
    let scalars: [Unicode.Scalar]

    init(scalars: [Unicode.Scalar], words: [TextLine.Word]) {
        self.scalars = scalars
        var placed: [Placed] = []
        placed.reserveCapacity(words.count)
        var cursor = 0
        for word in words {
            let pattern = Array(word.text.unicodeScalars.filter { !$0.properties.isWhitespace })
            guard !pattern.isEmpty, let start = Self.find(pattern, in: scalars, from: cursor) else { continue }
            placed.append(Placed(word: word, range: start..<(start + pattern.count)))
            cursor = start + pattern.count
        }
        self.placed = placed
    }

    /// The box and OCR confidence of the text at `span`.
    ///
    /// Uses the union of the words overlapping the span when they cover all its visible characters;
    /// otherwise the slice of the line box at the span's proportional position, with the line's confidence.
    func placement(of span: Range<Int>, in line: TextLine) -> (box: PixelRect, confidence: Double) {
        var box: PixelRect?
        var confidenceSum = 0.0
        var covered = 0
        for entry in placed where entry.range.overlaps(span) {
            box = box.map { $0.union(entry.word.box) } ?? entry.word.box
            confidenceSum += entry.word.confidence
            covered += entry.range.clamped(to: span).count
            if entry.range.lowerBound >= span.upperBound { break }
        }
        let visible = span.reduce(0) { $0 + (scalars[$1].properties.isWhitespace ? 0 : 1) }
        let overlapping = placed.filter { $0.range.overlaps(span) }.count
        if let box, covered >= visible, overlapping > 0 {
            return (box, confidenceSum / Double(overlapping))
        }
        let total = Double(max(scalars.count, 1))
        let x = line.box.x + line.box.width * Double(span.lowerBound) / total
        let width = line.box.width * Double(span.count) / total
        return (PixelRect(x: x, y: line.box.y, width: width, height: line.box.height), line.confidence)
    }

    /// Offsets where a word of two digits printed smaller and top-aligned follows a word ending in a digit:
    /// superscript cents (`$1⁹⁹` read as `$1 99` or `$199`), whose decimal point the OCR lost.
    func superscriptCentsOffsets() -> Set<Int> {
        var offsets = Set<Int>()
        guard placed.count >= 2 else { return offsets }
        for (whole, cents) in zip(placed, placed.dropFirst()) {
            let wholeBox = whole.word.box
            let centsBox = cents.word.box
            guard wholeBox.height > 0, centsBox.height > 0,
                centsBox.height <= 0.75 * wholeBox.height,
                centsBox.y - wholeBox.y <= 0.35 * wholeBox.height,
                centsBox.x - wholeBox.maxX <= 0.6 * wholeBox.height,
                endsWithWholeNumber(whole.range), startsWithTwoDigitCents(cents.range),
                onlyWhitespace(whole.range.upperBound..<cents.range.lowerBound)
            else { continue }
            offsets.insert(cents.range.lowerBound)
        }
        return offsets
    }

    private func endsWithWholeNumber(_ range: Range<Int>) -> Bool {
        var index = range.upperBound - 1
        guard index >= range.lowerBound, PriceLexer.isDigit(scalars[index]) else { return false }
        while index > range.lowerBound, PriceLexer.isDigit(scalars[index - 1]) { index -= 1 }
        guard index > range.lowerBound else { return true }
        let separator = scalars[index - 1]
        return separator != "." && separator != ","
    }

    private func startsWithTwoDigitCents(_ range: Range<Int>) -> Bool {
        guard range.count >= 2, PriceLexer.isDigit(scalars[range.lowerBound]),
            PriceLexer.isDigit(scalars[range.lowerBound + 1])
        else { return false }
        return range.count == 2 || !PriceLexer.isDigit(scalars[range.lowerBound + 2])
    }

    private func onlyWhitespace(_ range: Range<Int>) -> Bool {
        range.allSatisfy { scalars[$0].properties.isWhitespace }
    }

    private static func find(_ pattern: [Unicode.Scalar], in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard pattern.count <= scalars.count - start else { return nil }
        var index = start
        let last = scalars.count - pattern.count
        while index <= last {
            if scalars[index] == pattern[0] {
                var offset = 1
                while offset < pattern.count, scalars[index + offset] == pattern[offset] { offset += 1 }
                if offset == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }
}

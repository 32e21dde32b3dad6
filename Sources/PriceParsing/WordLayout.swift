import SceneAnalysis

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
            guard let range = Self.find(word.text, in: scalars, from: cursor) else { continue }
            placed.append(Placed(word: word, range: range))
            cursor = range.upperBound
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
        var overlapping = 0
        var covered = 0
        for entry in placed where entry.range.overlaps(span) {
            box = box.map { $0.union(entry.word.box) } ?? entry.word.box
            confidenceSum += entry.word.confidence
            overlapping += 1
            covered += entry.range.clamped(to: span).count
        }
        let visible = span.reduce(0) { $0 + (ScalarClass.isWhitespace(scalars[$1]) ? 0 : 1) }
        if let box, covered >= visible {
            return (box, confidenceSum / Double(overlapping))
        }
        let total = Double(max(scalars.count, 1))
        let x = line.box.x + line.box.width * Double(span.lowerBound) / total
        let width = line.box.width * Double(span.count) / total
        return (PixelRect(x: x, y: line.box.y, width: width, height: line.box.height), line.confidence)
    }

    /// Whether two neighbouring words have the shapes of a whole amount and its superscript cents;
    /// a cheap test on the boxes alone, before the words are placed in the text.
    static func mayHaveSuperscriptCents(_ words: [TextLine.Word]) -> Bool {
        guard words.count >= 2 else { return false }
        for index in 1..<words.count where isSuperscript(words[index].box, after: words[index - 1].box) {
            return true
        }
        return false
    }

    private static func isSuperscript(_ cents: PixelRect, after whole: PixelRect) -> Bool {
        whole.height > 0 && cents.height > 0 && cents.height <= 0.75 * whole.height
            && cents.y - whole.y <= 0.35 * whole.height && cents.x - whole.maxX <= 0.6 * whole.height
    }

    /// Offsets where a word of two digits printed smaller and top-aligned follows a word ending in a digit:
    /// superscript cents (`$1⁹⁹` read as `$1 99` or `$199`), whose decimal point the OCR lost.
    func superscriptCentsOffsets() -> Set<Int> {
        var offsets = Set<Int>()
        guard placed.count >= 2 else { return offsets }
        for (whole, cents) in zip(placed, placed.dropFirst()) {
            guard Self.isSuperscript(cents.word.box, after: whole.word.box), endsWithWholeNumber(whole.range), startsWithTwoDigitCents(cents.range),
                onlyWhitespace(whole.range.upperBound..<cents.range.lowerBound)
            else { continue }
            offsets.insert(cents.range.lowerBound)
        }
        return offsets
    }

    private func endsWithWholeNumber(_ range: Range<Int>) -> Bool {
        var index = range.upperBound - 1
        guard index >= range.lowerBound, ScalarClass.isDigit(scalars[index]) else { return false }
        while index > range.lowerBound, ScalarClass.isDigit(scalars[index - 1]) { index -= 1 }
        guard index > range.lowerBound else { return true }
        let separator = scalars[index - 1]
        return separator != "." && separator != ","
    }

    private func startsWithTwoDigitCents(_ range: Range<Int>) -> Bool {
        guard range.count >= 2, ScalarClass.isDigit(scalars[range.lowerBound]),
            ScalarClass.isDigit(scalars[range.lowerBound + 1])
        else { return false }
        return range.count == 2 || !ScalarClass.isDigit(scalars[range.lowerBound + 2])
    }

    private func onlyWhitespace(_ range: Range<Int>) -> Bool {
        range.allSatisfy { ScalarClass.isWhitespace(scalars[$0]) }
    }

    /// The first range at or after `start` holding the word's visible scalars.
    private static func find(_ word: String, in scalars: [Unicode.Scalar], from start: Int) -> Range<Int>? {
        let pattern = word.unicodeScalars
        guard let first = pattern.first(where: { !ScalarClass.isWhitespace($0) }) else { return nil }
        var index = start
        while index < scalars.count {
            if scalars[index] == first, let end = matchEnd(of: pattern, in: scalars, at: index) {
                return index..<end
            }
            index += 1
        }
        return nil
    }

    private static func matchEnd(of pattern: String.UnicodeScalarView, in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        var index = start
        for scalar in pattern where !ScalarClass.isWhitespace(scalar) {
            guard index < scalars.count, scalars[index] == scalar else { return nil }
            index += 1
        }
        return index
    }
}

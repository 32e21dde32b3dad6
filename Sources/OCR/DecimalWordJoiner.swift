/// Rejoins amounts that Tesseract split after a separator: `36,` `20` → `36,20`, `¥4,` `250` → `¥4,250`.
///
/// Receipt printers use monospaced fonts in which the comma or point fills a whole character
/// cell, and in single-line mode Tesseract also splits wide price fonts after a thousands
/// separator; the gap after the separator looks like a word space, and the line then holds
/// `36, 20` or `¥4, 250`, which no price parser reads as one amount. Two words are joined when the
/// first ends in a digit followed by `,` or `.`, the second starts with exactly two digits (the
/// minor units) or exactly three (a thousands group), optionally followed by non-digits such as
/// `€` or `,00`, and the gap between them is under 0.8 of the line's word height (or the second
/// overlaps the first, starting after it: Tesseract boxed `284,` over the `31` it split off).
enum DecimalWordJoiner {
    static func joined(_ line: OCRLine) -> OCRLine {
        guard line.words.count > 1 else { return line }
        var words: [OCRWord] = []
        words.reserveCapacity(line.words.count)
        for word in line.words {
            if let previous = words.last, continues(previous, with: word) {
                let box = previous.box.union(word.box)
                words[words.count - 1] = OCRWord(text: previous.text + word.text, box: box, confidence: min(previous.confidence, word.confidence))
            } else {
                words.append(word)
            }
        }
        guard words.count != line.words.count else { return line }
        return OCRLine(text: words.map(\.text).joined(separator: " "), box: line.box, confidence: line.confidence, words: words)
    }

    private static func continues(_ first: OCRWord, with second: OCRWord) -> Bool {
        let head = Array(first.text.unicodeScalars), tail = Array(second.text.unicodeScalars)
        let leadingDigits = tail.prefix { isDigit($0) }.count
        guard head.count >= 2, let separator = head.last, separator == "," || separator == ".",
              isDigit(head[head.count - 2]), leadingDigits == 2 || leadingDigits == 3
        else { return false }
        let gap = second.box.x - (first.box.x + first.box.width)
        let height = max(first.box.height, second.box.height)
        // Overlapping boxes are one run of glyphs too (`284,` boxed over the `31` after it).
        return second.box.x > first.box.x && gap * 5 < height * 4
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

}

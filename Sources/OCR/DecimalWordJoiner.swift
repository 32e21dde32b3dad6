/// Rejoins amounts that Tesseract split after their decimal separator: `36,` `20` → `36,20`.
///
/// Receipt printers use monospaced fonts in which the comma or point fills a whole character
/// cell, so the gap after it looks like a word space to Tesseract; the line then holds `36, 20`,
/// which no price parser reads as one amount. Two words are joined when the first ends in a digit
/// followed by `,` or `.`, the second starts with exactly two digits (the minor units, optionally
/// followed by non-digits such as `€`), and the gap between them is under 0.8 of the line's word height.
enum DecimalWordJoiner {
    static func joined(_ line: OCRLine) -> OCRLine {
        guard line.words.count > 1 else { return line }
        var words: [OCRWord] = []
        words.reserveCapacity(line.words.count)
        for word in line.words {
            if let previous = words.last, continues(previous, with: word) {
                let box = union(previous.box, word.box)
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
        guard head.count >= 2, let separator = head.last, separator == "," || separator == ".",
              isDigit(head[head.count - 2]), tail.count >= 2, isDigit(tail[0]), isDigit(tail[1]),
              tail.count == 2 || !isDigit(tail[2])
        else { return false }
        let gap = second.box.x - (first.box.x + first.box.width)
        let height = max(first.box.height, second.box.height)
        return gap >= 0 && gap * 5 < height * 4
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    private static func union(_ a: OCRRect, _ b: OCRRect) -> OCRRect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return OCRRect(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
    }
}

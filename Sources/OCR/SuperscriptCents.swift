import Foundation
import TextDetection

/// Cents printed small and raised after a price's main digits (`2⁴⁹`, a tag's `1⁹⁹ €`): the
/// detector finds them as a box of their own, and read apart they make `2` and `49` instead of
/// `2.49`. A box of two digits that sits after a box ending in digits, on its upper half and
/// less than its height, in the direction the main box was read, is joined to it.
enum SuperscriptCents {
    /// A box as it was read: along `angle` (radians, y down), `width` along it and `height` across.
    struct Reading {
        var box: TextBox
        var angle: Double
        var width: Double
        var height: Double
        var lines: [OCRLine]
    }

    /// Whether `small` lies where superscript cents of `main` would: after its end along the
    /// reading direction (from a fifth of its height inside it to one height beyond), raised
    /// (its centre above the main text's middle, its top no further than a fifth of a height
    /// above the main text's top), and between a quarter and four fifths of its height.
    static func isCents(_ small: TextBox, after main: Reading) -> Bool {
        let cosine = cos(main.angle), sine = sin(main.angle)
        let centre = main.box.center
        let projected = small.corners.map { corner -> (u: Double, v: Double) in
            let dx = corner.x - centre.x, dy = corner.y - centre.y
            return (dx * cosine + dy * sine, -dx * sine + dy * cosine)
        }
        guard let u0 = projected.map(\.u).min(), let u1 = projected.map(\.u).max(),
              let v0 = projected.map(\.v).min(), let v1 = projected.map(\.v).max()
        else { return false }
        let h = main.height, end = main.width / 2
        let height = v1 - v0
        return u0 >= end - 0.2 * h && u0 <= end + h && u1 > end
            && height >= 0.25 * h && height <= 0.8 * h
            && (v0 + v1) / 2 < 0 && v0 >= -h / 2 - 0.2 * h
    }

    /// The main line with the cents joined as its decimals, when the main read ends in digits
    /// (no decimal mark in its last word) and the cents read exactly two digits.
    static func joined(_ main: [OCRLine], _ cents: [OCRLine]) -> [OCRLine]? {
        let digits = cents.map(\.text).joined().filter { !$0.isWhitespace }
        guard digits.count == 2, digits.allSatisfy(\.isNumber), let last = main.indices.last, var word = main[last].words.last,
              let centsWord = cents.flatMap(\.words).first
        else { return nil }
        // A stray mark Tesseract adds after the digits where the cents were (`€3:`) goes.
        while let end = word.text.last, !end.isNumber, !end.isLetter, !end.isCurrencySymbol { word.text.removeLast() }
        guard word.text.last?.isNumber == true, !word.text.contains("."), !word.text.contains(",") else { return nil }
        var line = main[last]
        let box = word.box.union(cents.map(\.box).reduce(centsWord.box) { $0.union($1) })
        line.words[line.words.count - 1] = OCRWord(
            text: word.text + "." + digits, box: box, confidence: min(word.confidence, cents.map(\.confidence).min() ?? 1))
        line.text = line.words.map(\.text).joined(separator: " ")
        line.box = line.box.union(box)
        return Array(main.dropLast()) + [line]
    }

    /// Where small raised cents start in a prepared line (dark ink at or below `threshold`, a
    /// `margin` of background around it), when the detector took them into the main digits' box:
    /// the columns from there to the line's end hold ink whose bottoms all stay above the
    /// baseline by more than a third of the text's height, after a blank gap, after columns that
    /// reach it; nil when there are none, or they are too narrow or too tall to be cents.
    static func split(in pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, margin: Int, threshold: UInt8) -> Int? {
        let columns = margin..<(width - margin), rows = margin..<(height - margin)
        guard columns.count > 8, rows.count > 8 else { return nil }
        var tops = [Int](repeating: -1, count: width), bottoms = [Int](repeating: -1, count: width)
        for x in columns {
            for y in rows where pixels[y * width + x] <= threshold {
                if tops[x] < 0 { tops[x] = y }
                bottoms[x] = y
            }
        }
        let inked = columns.filter { tops[$0] >= 0 }
        guard inked.count >= 8 else { return nil }
        let sortedTops = inked.map { tops[$0] }.sorted(), sortedBottoms = inked.map { bottoms[$0] }.sorted()
        let top = sortedTops[sortedTops.count / 10], baseline = sortedBottoms[sortedBottoms.count * 9 / 10]
        let textHeight = baseline - top
        guard textHeight >= 8 else { return nil }
        let raised = baseline - textHeight / 3
        // The trailing columns with ink that stays above `raised`, or none; `x` is the last that reaches below.
        guard let last = inked.last else { return nil }
        var x = last
        while x >= columns.lowerBound, tops[x] < 0 || bottoms[x] <= raised { x -= 1 }
        guard x >= columns.lowerBound, x < last else { return nil }
        // A blank gap parts the cents from the main digits: the right ends of a `7`'s bar or a
        // `3`'s upper bowl are raised too, but joined to their glyph.
        let minimumGap = max(2, textHeight / 10)
        var gapEnd: Int?
        var blank = 0
        for column in (x + 1)...last {
            if tops[column] < 0 {
                blank += 1
            } else {
                if blank >= minimumGap {
                    gapEnd = column
                    break
                }
                blank = 0
            }
        }
        guard let centsStart = gapEnd else { return nil }
        let centsWidth = last - centsStart + 1, centsInk = (centsStart...last).filter { tops[$0] >= 0 }
        let centsHeight = (centsInk.map { bottoms[$0] }.max() ?? 0) - (centsInk.map { tops[$0] }.min() ?? 0)
        // The main digits reach the baseline before; the cents are two digits' width and at most
        // four fifths of the text's height, their tops near the text's top.
        guard centsWidth >= textHeight / 3, centsWidth <= 2 * textHeight, centsHeight <= textHeight * 4 / 5,
              let centsTop = centsInk.map({ tops[$0] }).min(), centsTop <= top + textHeight / 4,
              x - columns.lowerBound >= textHeight / 3
        else { return nil }
        return centsStart - blank / 2
    }

    /// A line read with the cents run into the main digits (`€395` for `€3⁹⁵`): its last word,
    /// ending in three digits or more and no decimal mark, with a decimal point before the last
    /// two; nil for any other read.
    static func withDecimals(_ lines: [OCRLine]) -> [OCRLine]? {
        guard let last = lines.indices.last, var word = lines[last].words.last, !word.text.contains("."), !word.text.contains(",")
        else { return nil }
        let digits = word.text.reversed().prefix { $0.isNumber }.count
        guard digits >= 3 else { return nil }
        word.text.insert(".", at: word.text.index(word.text.endIndex, offsetBy: -2))
        var line = lines[last]
        line.words[line.words.count - 1] = word
        line.text = line.words.map(\.text).joined(separator: " ")
        return Array(lines.dropLast()) + [line]
    }

    /// Whether a line's read could have cents run into its main digits (``withDecimals(_:)`` would mark them).
    static func mayHaveRunInCents(_ line: OCRLine) -> Bool {
        withDecimals([line]) != nil
    }
}

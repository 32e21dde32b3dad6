/// Puts back the currency signs the trained recogniser cannot write.
///
/// PP-OCRv4's recogniser has no `€`, `£`, `₹`, `₩` or `₽` among its classes: it reads the digits
/// of `€ 1.835,99` and leaves the sign out, so the price would take the default currency. When
/// the recogniser's read has digits and no currency marker, and the crop holds a glyph-sized
/// blot of ink beside the characters it read, Tesseract reads the line too, and a sign it finds
/// on that side of the digits joins the recogniser's read.
enum CurrencySignRecovery {
    /// Signs Tesseract can read and the recogniser cannot.
    static let signs: Set<Character> = ["€", "£", "₹", "₩", "₽", "¢", "₺", "₴", "₦", "₱", "₫", "₪", "₸", "₼", "₾", "฿", "₡", "₲", "₵"]

    /// What a read holds already that names a currency: a sign the recogniser writes, or three capitals.
    static func namesCurrency(_ text: String) -> Bool {
        if text.contains(where: { $0.isCurrencySymbol || signs.contains($0) }) { return true }
        var capitals = 0
        for character in text {
            capitals = character.isUppercase && character.isLetter ? capitals + 1 : 0
            if capitals == 3 { return true }
        }
        return false
    }

    /// Which sides of the read characters hold ink the recogniser read nothing of: a run of inked
    /// columns at least a quarter of the text height wide whose ink spans at least half of the
    /// text's rows (a glyph, not a rule or a border), within one and a half text heights of the
    /// first or last character read.
    ///
    /// - Parameters:
    ///   - pixels: the crop, grey levels, `width` x `height`.
    ///   - textRows: the crop's rows the text stands in.
    ///   - read: the crop's columns from the first character read to the last.
    static func unreadSides(
        in pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, textRows: Range<Int>, read: ClosedRange<Double>
    ) -> (leading: Bool, trailing: Bool) {
        let rows = textRows.clamped(to: 0..<height)
        guard rows.count >= 4, let ink = InkColumns(pixels: pixels, width: width, height: height, rows: rows) else { return (false, false) }
        let isInk = ink.isInk
        let textHeight = Double(rows.count)
        // A glyph is whole in the crop: ink that runs on into the crop's side is part of
        // something beyond it (a tag's border, the line beside), not a sign printed by the price.
        func isGlyph(from start: Int, to end: Int, top: Int, bottom: Int) -> Bool {
            Double(end - start + 1) >= textHeight / 4 && Double(bottom - top + 1) >= textHeight / 2 && start > 0 && end < width - 1
        }
        func hasGlyph(_ columns: Range<Int>) -> Bool {
            var runStart: Int?
            var top = Int.max, bottom = Int.min
            for x in columns.clamped(to: 0..<width) {
                let inked = rows.filter { isInk(x, $0) }
                if inked.count >= 2, let first = inked.first, let last = inked.last {
                    if runStart == nil { runStart = x; top = .max; bottom = .min }
                    top = min(top, first)
                    bottom = max(bottom, last)
                } else {
                    if let start = runStart, isGlyph(from: start, to: x - 1, top: top, bottom: bottom) { return true }
                    runStart = nil
                }
            }
            let end = min(columns.upperBound, width) - 1
            if let start = runStart, isGlyph(from: start, to: end, top: top, bottom: bottom) { return true }
            return false
        }
        let reach = Int((1.5 * textHeight).rounded())
        let start = Int(read.lowerBound.rounded(.down)), end = Int(read.upperBound.rounded(.up))
        return (hasGlyph(max(0, start - reach)..<max(0, start - 1)), hasGlyph(min(width, end + 1)..<min(width, end + reach)))
    }

    /// The signs of ``signs`` that are printed after an amount where their currency is used
    /// (`12,50 €`, `99¢`, `1 250 ₽`). The others (`£`, `₹`, `₩`, …) stand before it; one Tesseract
    /// reads after the digits is another glyph misread (a shelf tag's unit icon read as `£`).
    static let trailingSigns: Set<Character> = ["€", "¢", "₽", "₴", "₫", "₪", "₸", "₼", "₾", "₺", "฿"]

    /// The sign Tesseract read just before (leading) or after the digits of its read, if it is one
    /// of ``signs`` (of ``trailingSigns`` after them).
    static func sign(in lines: [OCRLine], leading: Bool) -> Character? {
        let text = lines.map(\.text).joined(separator: " ").filter { !$0.isWhitespace }
        guard let firstDigit = text.firstIndex(where: \.isNumber), let lastDigit = text.lastIndex(where: \.isNumber) else { return nil }
        if leading {
            return text[..<firstDigit].last { signs.contains($0) }
        }
        return text[text.index(after: lastDigit)...].first { trailingSigns.contains($0) }
    }

    /// Which sides of a read's digits hold one letter the recogniser may have read a sign as
    /// (`f11` for `£11`, `82.99C` for `82.99€`): a letter alone before the first digit or after the last.
    static func suspectSides(of text: String) -> (leading: Bool, trailing: Bool) {
        let text = text.filter { !$0.isWhitespace }
        guard let firstDigit = text.firstIndex(where: \.isNumber), let lastDigit = text.lastIndex(where: \.isNumber) else { return (false, false) }
        let before = text[..<firstDigit], after = text[text.index(after: lastDigit)...]
        return (before.count == 1 && before.allSatisfy(\.isLetter), after.count == 1 && after.allSatisfy(\.isLetter))
    }

    /// The recogniser's line with `sign` before its first word or after its last, in place of a
    /// letter alone there (``suspectSides(of:)``).
    static func withSign(_ line: OCRLine, sign: Character, leading: Bool) -> OCRLine {
        var line = line
        guard !line.words.isEmpty else { return line }
        let index = leading ? 0 : line.words.count - 1
        var word = line.words[index].text
        let suspect = suspectSides(of: word)
        if leading, suspect.leading, word.count > 1 { word.removeFirst() }
        if !leading, suspect.trailing, word.count > 1 { word.removeLast() }
        line.words[index].text = leading ? String(sign) + word : word + String(sign)
        line.text = line.words.map(\.text).joined(separator: " ")
        return line
    }
}

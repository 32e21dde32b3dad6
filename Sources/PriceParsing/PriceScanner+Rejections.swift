/// What makes a number not a price: dates, times, percentages, phone numbers, measures, years, codes.
extension PriceScanner {
    func isRejected(numberAt index: Int, _ number: NumberToken, marking: Marking?) -> Bool {
        let token = tokens[index]
        let markerIndex = marking?.tokenIndex
        let isMarked = marking != nil
        let next = index + 1 < tokens.count ? index + 1 : nil
        let previous = index > 0 ? index - 1 : nil

        // Percentages and temperatures, marked or not; a degree sign after cents is OCR noise (`0,99 °C`).
        if let next, tokens[next].gapBefore <= 1 {
            if tokens[next].isPunctuation({ $0 == "%" || $0 == "‰" }) { return true }
            if tokens[next].isPunctuation({ $0 == "°" }), number.hasAtMostOneFractionDigit { return true }
        }
        // Times, dates and fractions: 12:30, 12/03, 2024-03-12.
        let isDateOrTimeSeparator: (Unicode.Scalar) -> Bool = { $0 == ":" || (!isMarked && $0 == "/") }
        if gluedNumber(after: index, through: isDateOrTimeSeparator) != nil
            || gluedNumber(before: index, through: isDateOrTimeSeparator) != nil
        {
            return true
        }
        if !isMarked, let other = gluedNumber(after: index, through: ScalarClass.isDash) ?? gluedNumber(before: index, through: ScalarClass.isDash),
            tokens[other].number?.isPlainInteger == true, number.isPlainInteger
        {
            return true
        }
        if let next, next != markerIndex, tokens[next].gapBefore == 0, tokens[next].word == "h",
            index + 2 < tokens.count, tokens[index + 2].isNumber, tokens[index + 2].gapBefore == 0
        {
            return true
        }
        // The start of a range of hours or measures: 9–18 Uhr, 2-3 kg.
        if let end = rangeEnd(after: index), end + 1 < tokens.count, tokens[end + 1].gapBefore <= 1,
            let word = letters(of: end + 1),
            Self.timeWords.contains(word) || (!isMarked && Self.measureWords.contains(word))
        {
            return true
        }
        // A day-and-month date, also as OCR damages it: `12.03.`, `21,11, 2025` and `25.07 2024`
        // (of `21.11.2025` and `25.07.2024`).
        if !isMarked, number.separators == [.point] || number.separators == [.comma],
            number.groupLengths.allSatisfy({ $0 <= 2 }), let next
        {
            if tokens[next].gapBefore == 0, tokens[next].isPunctuation({ $0 == "." || $0 == "," }) { return true }
            if tokens[next].gapBefore <= 1, let year = tokens[next].number, year.digitCount == 4,
                let value = year.integerValueIfPlain, (1900...2099).contains(value)
            {
                return true
            }
        }
        // A day or month before a year, whatever stands before it: a blurred `04.11.2024` read
        // `@£ 11 2022` and `O£ 11 2024` (its `0` and `4` taken for a pound sign) showed £11.00.
        if number.isPlainInteger, number.digitCount <= 2, let next, tokens[next].gapBefore <= 1,
            let year = tokens[next].number, year.digitCount == 4, let value = year.integerValueIfPlain, (1900...2099).contains(value)
        {
            return true
        }
        // Phone numbers, references and numbers glued to letters (A4, v1.2, 1st, 12a).
        if let previous, previous != markerIndex {
            let before = tokens[previous]
            if !isMarked, token.gapBefore == 0,
                before.isPunctuation({ $0 == "+" || $0 == "#" || $0 == "№" })
            {
                return true
            }
            if token.gapBefore == 0, isWordLike(previous), isSpacedScript(previous, atEnd: true) { return true }
            if !isMarked, let word = before.word, Self.referenceWords.contains(word) { return true }
        }
        if let next, next != markerIndex {
            let after = tokens[next]
            let isPrefixMarked = markerIndex.map { $0 < index } ?? false
            if after.gapBefore == 0, isWordLike(next), isSpacedScript(next, atEnd: false) {
                return true
            }
            if let word = letters(of: next), Self.measureWords.contains(word) || Self.timeWords.contains(word),
                after.gapBefore <= 1, !isPrefixMarked
            {
                return true
            }
        }
        if number.isPlainInteger, isSplitFromDigits(index, marker: markerIndex) { return true }
        if !isMarked, number.repairs > 0 || number.separators.contains(.spacedDecimal) { return true }
        if !isMarked, number.isPlainInteger, isPartOfDigitSequence(index) { return true }
        if !isMarked, number.groupLengths[0] > 1, number.firstDigit == 0 { return true }
        if !isMarked, let year = number.integerValueIfPlain, number.digitCount == 4, (1900...2099).contains(year) {
            return true
        }
        // A year and month with no marker: a best-before `2027.04`, not 2,027.04.
        if !isMarked, number.separators == [.point] || number.separators == [.comma], number.groupLengths == [4, 2] {
            if (1900...2099).contains(number.significand / 100), (1...12).contains(number.significand % 100) { return true }
        }
        return false
    }

    /// The number ending a range that starts at `index` (`9–18`, `2 - 3`).
    func rangeEnd(after index: Int) -> Int? {
        guard index + 2 < tokens.count, tokens[index + 1].gapBefore <= 1, tokens[index + 1].isPunctuation(ScalarClass.isDash),
            tokens[index + 2].gapBefore <= 1, tokens[index + 2].isNumber
        else { return nil }
        return index + 2
    }

    /// Whether a whole amount has a lone digit or two one space before or after it, on the side
    /// away from its marker: OCR split one number in two (Tesseract's sparse-text pass reads the
    /// wide glyphs of `£65` as `£6 5.`), and the amount read is not the one printed. Neither a
    /// group of thousands (three digits) nor cents set off by a space (two digits after a whole
    /// of any length) split a number so: the lexer keeps those in the number.
    func isSplitFromDigits(_ index: Int, marker: Int?) -> Bool {
        let isStray: (Int) -> Bool = { other in
            guard other >= 0, other < tokens.count, other != marker, let digits = tokens[other].number else { return false }
            return digits.isPlainInteger && digits.digitCount <= 2
        }
        let before = tokens[index].gapBefore <= 1 && isStray(index - 1)
        let after = index + 1 < tokens.count && tokens[index + 1].gapBefore <= 1 && isStray(index + 1)
        return before || after
    }

    /// A bare integer next to other numbers or parentheses: a phone number, code or list, not a price.
    func isPartOfDigitSequence(_ index: Int) -> Bool {
        let isNeighbour: (Int) -> Bool = { other in
            guard other >= 0, other < tokens.count else { return false }
            if tokens[other].isNumber { return true }
            return tokens[other].isPunctuation { $0 == "(" || $0 == ")" || ScalarClass.isDash($0) }
        }
        let previousIsClose = tokens[index].gapBefore <= 1 && isNeighbour(index - 1)
        let nextIsClose = index + 1 < tokens.count && tokens[index + 1].gapBefore <= 1 && isNeighbour(index + 1)
        return previousIsClose || nextIsClose
    }

    /// Whether the token's letter next to the number belongs to a script written with spaces between
    /// words, where letters glued to digits make a code (`A4`, `12a`); Chinese and Japanese glue words to numbers.
    func isSpacedScript(_ index: Int, atEnd: Bool) -> Bool {
        guard let word = tokens[index].word else { return true }
        let scalar = atEnd ? word.unicodeScalars.last : word.unicodeScalars.first
        return scalar.map { $0.value < 0x2E80 } ?? true
    }

    /// Whether a word starts in a script written with spaces (Latin, Cyrillic, Greek…), not CJK.
    static func isSpaced(_ word: String) -> Bool {
        word.unicodeScalars.first.map { $0.value < 0x2E80 } ?? true
    }

    /// The letters of a word, or of a symbol or code that is not a marker here (`L` is a currency
    /// symbol in Honduras and a litre elsewhere).
    func letters(of index: Int) -> String? {
        switch tokens[index].kind {
        case .word(let word): return word
        case .symbol(let symbol): return marking(of: index) == nil ? table.symbols[symbol].text : nil
        case .code(let code): return marking(of: index) == nil ? code : nil
        case .number, .punctuation, .misreadDollar, .cents: return nil
        }
    }

    func isWordLike(_ index: Int) -> Bool {
        switch tokens[index].kind {
        case .word, .code, .symbol, .misreadDollar, .cents: return marking(of: index) == nil
        case .number, .punctuation: return false
        }
    }

    func gluedNumber(after index: Int, through separator: (Unicode.Scalar) -> Bool) -> Int? {
        guard index + 2 < tokens.count, tokens[index + 1].gapBefore == 0, tokens[index + 1].isPunctuation(separator),
            tokens[index + 2].gapBefore == 0, tokens[index + 2].isNumber
        else { return nil }
        return index + 2
    }

    func gluedNumber(before index: Int, through separator: (Unicode.Scalar) -> Bool) -> Int? {
        guard index >= 2, tokens[index].gapBefore == 0, tokens[index - 1].isPunctuation(separator),
            tokens[index - 1].gapBefore == 0, tokens[index - 2].isNumber
        else { return nil }
        return index - 2
    }
}

/// Splits an OCR line into ``PriceToken``s: numbers, currency markers, words and punctuation.
///
/// Works on Unicode scalars with hand-written matching (no regular expressions): it runs on every
/// OCR line of every frame.
struct PriceLexer {
    let scalars: [Unicode.Scalar]
    let table: CurrencySymbolTable
    /// Scalar offsets where superscript cents begin (from word boxes): a decimal point the OCR lost.
    let decimalHints: Set<Int>

    func tokens() -> [PriceToken] {
        var tokens: [PriceToken] = []
        tokens.reserveCapacity(16)
        var index = 0
        var gap = 0
        let count = scalars.count
        while index < count {
            let scalar = scalars[index]
            if ScalarClass.isWhitespace(scalar) {
                gap += 1
                index += 1
                continue
            }
            if ScalarClass.isFormat(scalar) {
                index += 1
                continue
            }
            if let token = number(at: index) ?? marker(at: index) ?? word(at: index) {
                let next = PriceToken(kind: token.kind, start: index, end: token.end, gapBefore: gap)
                if let last = tokens.last, let merged = merging(last, next) {
                    tokens[tokens.count - 1] = merged
                } else {
                    tokens.append(next)
                }
                index = token.end
            } else if isSpaceReadAsPoint(at: index, gap: gap, after: tokens.last) {
                index += 1
                gap = 1
                continue
            } else {
                tokens.append(PriceToken(kind: .punctuation(scalar), start: index, end: index + 1, gapBefore: gap))
                index += 1
            }
            gap = 0
        }
        return tokens
    }

    /// Whether the scalar at `index` is a `.` glued between a currency code and digits
    /// (`USD.168.95`): the space of `USD 168.95` as OCR reads it in noise, taken as that space.
    private func isSpaceReadAsPoint(at index: Int, gap: Int, after last: PriceToken?) -> Bool {
        guard gap == 0, scalars[index] == ".", index + 1 < scalars.count, ScalarClass.isDigit(scalars[index + 1]),
            let last, case .code = last.kind, last.end == index
        else { return false }
        return true
    }

    /// One marker from two tokens OCR split apart: `US $` → `US$`, `MXN $` → MXN (the code names the
    /// currency the symbol already stood for).
    private func merging(_ first: PriceToken, _ second: PriceToken) -> PriceToken? {
        guard second.gapBefore <= 1, case .symbol(let symbol) = second.kind else { return nil }
        let kind: PriceToken.Kind
        switch first.kind {
        case .word(let word):
            guard let joined = table.symbolIndexByText[word + table.symbols[symbol].text] else { return nil }
            kind = .symbol(joined)
        case .code(let code):
            guard table.symbols[symbol].currencies.contains(code) else { return nil }
            kind = .code(code)
        default:
            return nil
        }
        return PriceToken(kind: kind, start: first.start, end: second.end, gapBefore: first.gapBefore)
    }

    // MARK: Numbers

    private func number(at start: Int) -> (kind: PriceToken.Kind, end: Int)? {
        if let dashed = dashedWhole(at: start) { return dashed }
        guard startsNumber(at: start) else { return nil }
        if let repaired = lexNumber(from: start, repairing: true), repaired.token.repairs == 0 || isBounded(start, repaired.end) {
            return (.number(repaired.token), repaired.end)
        }
        guard ScalarClass.isDigit(scalars[start]), let plain = lexNumber(from: start, repairing: false) else { return nil }
        return (.number(plain.token), plain.end)
    }

    /// Swiss `–.89`: cents with the whole part dashed out, read as `0.89`.
    private func dashedWhole(at start: Int) -> (kind: PriceToken.Kind, end: Int)? {
        let count = scalars.count
        guard ScalarClass.isDash(scalars[start]), start + 4 <= count, !isDigitOrLetter(at: start - 1),
            scalars[start + 1] == "." || scalars[start + 1] == ",",
            ScalarClass.isDigit(scalars[start + 2]), ScalarClass.isDigit(scalars[start + 3]),
            start + 4 == count || !ScalarClass.isDigit(scalars[start + 4])
        else { return nil }
        var token = NumberToken()
        token.append(digit: 0)
        token.groupLengths = [1, 2]
        token.separators = [scalars[start + 1] == "." ? .point : .comma]
        token.append(digit: UInt8(scalars[start + 2].value - 0x30))
        token.append(digit: UInt8(scalars[start + 3].value - 0x30))
        token.hasDashedWhole = true
        return (.number(token), start + 4)
    }

    private func isDigitOrLetter(at index: Int) -> Bool {
        index >= 0 && index < scalars.count && (ScalarClass.isDigit(scalars[index]) || ScalarClass.isLetter(scalars[index]))
    }

    private func startsNumber(at index: Int) -> Bool {
        let scalar = scalars[index]
        if ScalarClass.isDigit(scalar) { return true }
        return Self.isLeadingConfusable(scalar) && !isLetter(at: index - 1) && isDigitAhead(from: index + 1)
    }

    /// A repaired number must stand alone: no letters glued to either end.
    private func isBounded(_ start: Int, _ end: Int) -> Bool {
        !isLetter(at: start - 1) && !isLetter(at: end)
    }

    private func lexNumber(from start: Int, repairing: Bool) -> (token: NumberToken, end: Int)? {
        var token = NumberToken()
        var index = start
        let count = scalars.count
        while true {
            var groupLength = 0
            while index < count {
                if groupLength > 0, decimalHints.contains(index), ScalarClass.isDigit(scalars[index]) {
                    break
                }
                guard let digit = digitValue(at: index, inGroupOf: groupLength, repairing: repairing) else { break }
                if !ScalarClass.isDigit(scalars[index]) { token.repairs += 1 }
                token.append(digit: digit)
                groupLength += 1
                index += 1
            }
            guard groupLength > 0 else { return nil }
            token.groupLengths.append(groupLength)
            guard index < count else { break }
            if decimalHints.contains(index), ScalarClass.isDigit(scalars[index]) {
                token.separators.append(.hintedDecimal)
                continue
            }
            let scalar = scalars[index]
            if scalar == "." || scalar == "," {
                if index + 1 < count, ScalarClass.isDigit(scalars[index + 1]) {
                    token.separators.append(scalar == "." ? .point : .comma)
                    index += 1
                    continue
                }
                let hasDecimal = token.separators.contains { !$0.isGroupingOnly }
                if !hasDecimal, index + 2 < count, scalars[index + 1] == " ", followingDigits(from: index + 2) == 2,
                    index + 4 >= count || !ScalarClass.isLetter(scalars[index + 4])
                {
                    token.separators.append(.spacedDecimal)
                    index += 2
                    continue
                }
                if index + 1 < count, ScalarClass.isDash(scalars[index + 1]), index + 2 >= count || !ScalarClass.isDigit(scalars[index + 2]) {
                    token.hasDashedFraction = true
                    index += 2
                    if index < count, ScalarClass.isDash(scalars[index]) { index += 1 }
                }
                break
            }
            if scalar == ":" || scalar == "/", index + 1 < count, ScalarClass.isDash(scalars[index + 1]),
                index + 2 >= count || !ScalarClass.isDigit(scalars[index + 2])
            {
                token.hasDashedFraction = true
                index += 2
                break
            }
            if ScalarClass.isGroupingSpace(scalar) || ScalarClass.isApostrophe(scalar) {
                if decimalHints.contains(index + 1), followingDigits(from: index + 1) == 2 {
                    token.separators.append(.hintedDecimal)
                    index += 1
                    continue
                }
                let hasDecimalMarks = token.separators.contains { !$0.isGroupingOnly }
                guard groupLength <= 3, !hasDecimalMarks, followingDigits(from: index + 1) == 3 else { break }
                let after = index + 4
                if after < count, ScalarClass.isDigit(scalars[after]) { break }
                token.separators.append(ScalarClass.isApostrophe(scalar) ? .apostrophe : .space)
                index += 1
                continue
            }
            break
        }
        return (token, index)
    }

    private func followingDigits(from index: Int) -> Int {
        var end = index
        while end < scalars.count, ScalarClass.isDigit(scalars[end]) { end += 1 }
        return end - index
    }

    /// Whether a digit follows at `index`, possibly after one decimal separator (`1S.99`).
    private func isDigitAhead(from index: Int) -> Bool {
        guard index < scalars.count else { return false }
        if ScalarClass.isDigit(scalars[index]) { return true }
        return (scalars[index] == "." || scalars[index] == ",") && index + 1 < scalars.count
            && ScalarClass.isDigit(scalars[index + 1])
    }

    /// The digit at `index`, reading OCR confusions when `repairing`: `O`/`o` → 0 (also at the end of
    /// a group), `l`/`I`/`|` → 1 (before a digit; `|` not as the number's first), `S` → 5 and `B` → 8 only after a digit and before another.
    private func digitValue(at index: Int, inGroupOf groupLength: Int, repairing: Bool) -> UInt8? {
        let scalar = scalars[index]
        if ScalarClass.isDigit(scalar) { return UInt8(scalar.value - 0x30) }
        guard repairing else { return nil }
        let nextIsDigit = isDigitAhead(from: index + 1)
        switch scalar {
        case "O", "o":
            return groupLength > 0 || nextIsDigit ? 0 : nil
        case "l", "I", "|":
            return nextIsDigit ? 1 : nil
        case "S":
            return groupLength > 0 && nextIsDigit ? 5 : nil
        case "B":
            return groupLength > 0 && nextIsDigit ? 8 : nil
        default:
            return nil
        }
    }

    // MARK: Currency markers

    private func marker(at start: Int) -> (kind: PriceToken.Kind, end: Int)? {
        let scalar = scalars[start]
        if scalar == "S" || scalar == "§", start + 1 < scalars.count, ScalarClass.isDigit(scalars[start + 1]), !isLetter(at: start - 1) {
            return (.misreadDollar, start + 1)
        }
        if scalar == "¢" {
            return (.cents, start + 1)
        }
        if let code = isoCode(at: start) {
            return (.code(code), start + 3)
        }
        guard let candidates = table.symbolsByFirstScalar[scalar] else { return nil }
        for candidate in candidates {
            guard let end = match(table.symbols[candidate].scalars, at: start) else { continue }
            if table.symbols[candidate].isAlphabetic, isLetter(at: start - 1) || isLetter(at: end) { continue }
            return (.symbol(candidate), end)
        }
        return nil
    }

    private func isoCode(at start: Int) -> String? {
        guard start + 3 <= scalars.count, !isLetter(at: start - 1), !isLetter(at: start + 3) else { return nil }
        var code = String.UnicodeScalarView()
        for offset in 0..<3 {
            let scalar = scalars[start + offset]
            guard scalar.value >= 0x41, scalar.value <= 0x5A else { return nil }
            code.append(scalar)
        }
        let text = String(code)
        return table.isoCodes.contains(text) ? text : nil
    }

    private func match(_ pattern: [Unicode.Scalar], at start: Int) -> Int? {
        guard start + pattern.count <= scalars.count else { return nil }
        for (offset, expected) in pattern.enumerated() {
            let actual = scalars[start + offset]
            if expected == " " ? !ScalarClass.isWhitespace(actual) : actual != expected { return nil }
        }
        return start + pattern.count
    }

    // MARK: Words

    private func word(at start: Int) -> (kind: PriceToken.Kind, end: Int)? {
        guard isLetter(at: start) else { return nil }
        var end = start
        var text = String.UnicodeScalarView()
        while end < scalars.count, ScalarClass.continuesWord(scalars[end]) {
            text.append(scalars[end])
            end += 1
        }
        return (.word(String(text)), end)
    }

    // MARK: Character classes

    private func isLetter(at index: Int) -> Bool {
        index >= 0 && index < scalars.count && ScalarClass.isLetter(scalars[index])
    }

    /// Letters read for a leading `1`. Not `|`: before a number that is nearly always the border of
    /// the tag the price is printed on (`|47,50 €`), while OCR reads a `1` as `l` or `I`.
    private static func isLeadingConfusable(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "l" || scalar == "I"
    }
}

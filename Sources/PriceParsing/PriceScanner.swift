import Foundation

/// Finds prices among the ``PriceToken``s of one line.
///
/// Steps: give each currency marker to an adjacent number (the one it touches when it sits between two,
/// else the one without another marker, else the side ICU prints that symbol on); let the two ends of a range share a marker (`12,99–15,99 €`); take multi-buy quantities
/// (`3 for $5`); reject what reads as something else (dates, times, percentages, phone numbers,
/// measures, years, codes glued to letters); read the amount with the currency's minor units; attach a
/// unit (`/kg`).
struct PriceScanner {
    /// A price found, in scalar offsets.
    struct Match: Sendable, Hashable {
        var start: Int
        var end: Int
        var amount: Decimal
        var currency: String
        var evidence: CurrencyEvidence
        var certainty: Double
        var unit: String?
        var quantity: Int?
    }

    /// The currency a number was given and the marker tokens it came from.
    struct Marking {
        var tokenIndex: Int?
        /// A second marker printed with the first (`$12.99 CAD`, `₩ 15,900원`): part of the price's span.
        var secondTokenIndex: Int?
        var currency: String
        var evidence: CurrencyEvidence
        var certainty: Double
        /// The amount is in hundredths (`24.9¢`).
        var isCents = false
    }

    let tokens: [PriceToken]
    let table: CurrencySymbolTable
    let configuration: PriceExtractor.Configuration

    func matches() -> [Match] {
        var markings = [Marking?](repeating: nil, count: tokens.count)
        for index in tokens.indices {
            guard let marking = marking(of: index), let owner = owner(ofMarkerAt: index) else { continue }
            if let existing = markings[owner]?.tokenIndex, existing < owner { continue }
            markings[owner] = marking
        }
        for index in tokens.indices where markings[index]?.evidence == .symbol {
            markings[index] = preferringCode(for: index, over: markings[index])
        }
        shareMarkingsAcrossRanges(&markings)
        var offers: [(quantityIndex: Int, numberIndex: Int, quantity: Int)] = []
        for index in tokens.indices {
            guard let (numberIndex, quantity) = multiBuy(at: index, markings: markings) else { continue }
            offers.append((index, numberIndex, quantity))
        }
        var results: [Match] = []
        var lastUnit: ClosedRange<Int>?
        for index in tokens.indices {
            guard tokens[index].isNumber, !offers.contains(where: { $0.quantityIndex == index }),
                !(lastUnit?.contains(index) ?? false), let number = tokens[index].number
            else { continue }
            let marking = markings[index]
            guard !isRejected(numberAt: index, number, marking: marking) else { continue }
            let currency = marking?.currency ?? configuration.sourceCurrency
            guard var value = number.value(minorUnits: table.minorUnits(of: currency)),
                let certainty = certainty(of: number, value: value, marking: marking)
            else { continue }
            if marking?.isCents == true { value.amount /= 100 }
            var first = index
            var last = index
            if let markerIndex = marking?.tokenIndex {
                first = min(first, markerIndex)
                last = max(last, markerIndex)
            }
            if let codeIndex = marking?.secondTokenIndex {
                first = min(first, codeIndex)
                last = max(last, codeIndex)
            }
            let unit = unit(after: last)
            if let unit { lastUnit = unit.tokens }
            results.append(
                Match(
                    start: tokens[first].start, end: tokens[last].end, amount: value.amount, currency: currency,
                    evidence: marking?.evidence ?? .default, certainty: certainty, unit: unit?.text,
                    quantity: offers.first { $0.numberIndex == index }?.quantity))
        }
        return results
    }

    // MARK: Currency markers

    func marking(of index: Int) -> Marking? {
        let source = configuration.sourceCurrency
        switch tokens[index].kind {
        case .code(let code):
            if table.wordLikeCodes.contains(code), code != source { return nil }
            return Marking(tokenIndex: index, currency: code, evidence: .code, certainty: 1)
        case .symbol(let symbol):
            guard let resolved = table.resolve(symbol, source: source) else {
                return brazilianReal(misreadAt: index, symbol: symbol) ?? czechCrown(misreadAt: index, symbol: symbol)
            }
            return Marking(tokenIndex: index, currency: resolved.code, evidence: .symbol, certainty: resolved.certainty)
        case .misreadDollar:
            guard let dollar = table.dollar, let resolved = table.resolve(dollar, source: source), hasCentsAfter(index)
            else { return nil }
            return Marking(tokenIndex: index, currency: resolved.code, evidence: .symbol, certainty: resolved.certainty * 0.7)
        case .cents:
            let currency = table.minorUnits(of: source) == 2 ? source : "USD"
            return Marking(tokenIndex: index, currency: currency, evidence: .symbol, certainty: 0.9, isCents: true)
        case .number, .word, .punctuation:
            return nil
        }
    }

    /// Whether an amount with two decimals after a point follows the token at `index`, right
    /// after it: an `S` or `§` before digits is taken as a `$` that lost its stroke (`S12.99`)
    /// only then. Before a whole number it is more often small print (`12 x 300 ml` read as
    /// `S24 ee` and `S243`: shown as $243 for 15 frames of a seed-13 sequence).
    private func hasCentsAfter(_ index: Int) -> Bool {
        guard index + 1 < tokens.count, tokens[index + 1].gapBefore <= 1, let number = tokens[index + 1].number else { return false }
        return number.separators.last == .point && number.groupLengths.last == 2
    }

    /// `RS` as OCR reads `R$` (the `$` often loses its stroke), taken as the real for any source
    /// currency when it comes right before an amount written the Brazilian way, with two decimals
    /// after a comma (`RS 284,31`); anywhere else two capitals are more often a word or a code.
    private func brazilianReal(misreadAt index: Int, symbol: Int) -> Marking? {
        guard table.symbols[symbol].text == "RS", index + 1 < tokens.count, tokens[index + 1].gapBefore <= 1,
            let number = tokens[index + 1].number, number.separators.last == .comma, number.groupLengths.last == 2
        else { return nil }
        return Marking(tokenIndex: index, currency: "BRL", evidence: .symbol, certainty: 0.7)
    }

    /// `KC` or `KE` as OCR reads a `Kč` in capitals (white-on-green `674 Kč` read as `674 KE` on
    /// every frame of a generated small-text sequence), taken as the koruna for any source currency
    /// right after an amount, where `Kč` is printed; before one (`KC 135`) it is more often a code.
    private func czechCrown(misreadAt index: Int, symbol: Int) -> Marking? {
        let text = table.symbols[symbol].text
        guard text == "KC" || text == "KE", index > 0, tokens[index].gapBefore <= 1, tokens[index - 1].isNumber,
            index + 1 == tokens.count || !tokens[index + 1].isNumber || tokens[index + 1].gapBefore > 1
        else { return nil }
        return Marking(tokenIndex: index, currency: "CZK", evidence: .symbol, certainty: 0.9)
    }

    /// The number a currency marker belongs to: the one it touches when it sits between two, else the one
    /// that has no other marker, else the one on the side the symbol is usually printed. A cent sign counts
    /// only glued to a whole or one-decimal number (`99¢`, `24.9¢`): receipts' tax letter `C` is often read
    /// as `¢` after a full amount (`1,49 ¢`).
    private func owner(ofMarkerAt index: Int) -> Int? {
        if case .cents = tokens[index].kind {
            guard index > 0, tokens[index].gapBefore == 0, let number = tokens[index - 1].number,
                number.hasAtMostOneFractionDigit
            else { return nil }
            return index - 1
        }
        let before = index > 0 && tokens[index - 1].isNumber && tokens[index].gapBefore <= 2 ? index - 1 : nil
        let after =
            index + 1 < tokens.count && tokens[index + 1].isNumber && tokens[index + 1].gapBefore <= 2
            ? index + 1 : nil
        guard let before, let after else { return before ?? after }
        let gapBefore = tokens[index].gapBefore
        let gapAfter = tokens[after].gapBefore
        if gapBefore != gapAfter { return gapAfter < gapBefore ? after : before }
        if before > 0, tokens[before].gapBefore <= 2, marking(of: before - 1) != nil { return after }
        if after + 1 < tokens.count, tokens[after + 1].gapBefore <= 2, marking(of: after + 1) != nil { return before }
        return isUsuallyPrefix(index) ? after : before
    }

    private func isUsuallyPrefix(_ index: Int) -> Bool {
        if case .symbol(let symbol) = tokens[index].kind { return table.symbols[symbol].isUsuallyPrefix }
        return true
    }

    /// An ISO code printed on the other side of a symbol-marked amount (`$12.99 CAD`, `EUR $12`) decides
    /// the currency: an explicit code wins over a symbol. A second symbol of the same currency
    /// (`₩ 15,900원`) joins the price's span.
    private func preferringCode(for index: Int, over marking: Marking?) -> Marking? {
        guard let marking, let symbolIndex = marking.tokenIndex else { return marking }
        let first = min(index, symbolIndex)
        let last = max(index, symbolIndex)
        let candidates = [first - 1, last + 1].filter { $0 >= 0 && $0 < tokens.count }
        for candidate in candidates {
            guard var second = self.marking(of: candidate) else { continue }
            let gap = candidate < first ? tokens[first].gapBefore : tokens[candidate].gapBefore
            guard gap <= 1, owner(ofMarkerAt: candidate).map({ $0 == index }) ?? true else { continue }
            if second.evidence == .code {
                second.tokenIndex = symbolIndex
                second.secondTokenIndex = candidate
                return second
            }
            if second.currency == marking.currency, !second.isCents {
                var extended = marking
                extended.secondTokenIndex = candidate
                return extended
            }
        }
        return marking
    }

    /// `12,99–15,99 €` and `$12.99 - 15.99`: an unmarked end of a range takes the other end's currency.
    private func shareMarkingsAcrossRanges(_ markings: inout [Marking?]) {
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index].isNumber else { continue }
            var dash = index + 1
            if dash < tokens.count, let marking = markings[index], marking.tokenIndex == dash { dash += 1 }
            guard dash + 1 < tokens.count, tokens[dash].isPunctuation(ScalarClass.isDash) || isRangeWord(dash),
                tokens[dash].gapBefore <= 2, tokens[dash + 1].gapBefore <= 2
            else { continue }
            var other = dash + 1
            if !tokens[other].isNumber, other + 1 < tokens.count, tokens[other + 1].isNumber,
                markings[other + 1]?.tokenIndex == other
            {
                other += 1
            }
            guard tokens[other].isNumber else { continue }
            guard (markings[index] == nil) != (markings[other] == nil), var shared = markings[index] ?? markings[other] else {
                continue
            }
            shared.tokenIndex = nil
            shared.secondTokenIndex = nil
            shared.certainty *= 0.95
            if markings[index] == nil { markings[index] = shared } else { markings[other] = shared }
        }
    }

    private func isRangeWord(_ index: Int) -> Bool {
        guard let word = tokens[index].word else { return false }
        return Self.rangeWords.contains(word)
    }

    // MARK: Multi-buy

    /// `3 for $5`, `2/$5`, `3 für 5 €`: the number of items and the token index of the price's number.
    private func multiBuy(at index: Int, markings: [Marking?]) -> (numberIndex: Int, quantity: Int)? {
        guard let number = tokens[index].number, markings[index] == nil, let quantity = number.integerValueIfPlain,
            quantity >= 2, quantity <= 99, index + 2 < tokens.count
        else { return nil }
        let link = tokens[index + 1]
        let isLink: Bool
        if let word = link.word {
            isLink = Self.multiBuyWords.contains(word) && (link.gapBefore >= 1 || !Self.isSpaced(word))
        } else {
            isLink = link.isPunctuation { $0 == "/" } && link.gapBefore <= 1
        }
        guard isLink, tokens[index + 2].gapBefore <= 1 else { return nil }
        var priceIndex = index + 2
        if !tokens[priceIndex].isNumber {
            priceIndex += 1
            guard priceIndex < tokens.count, markings[priceIndex]?.tokenIndex == index + 2 else { return nil }
        }
        guard let price = tokens[priceIndex].number else { return nil }
        let isPrice =
            markings[priceIndex] != nil || price.hasDashedFraction
            || price.separators.last.map { !$0.isGroupingOnly } == true
        return isPrice ? (priceIndex, quantity) : nil
    }

    // MARK: Certainty

    /// How sure the reading is, or `nil` when an unmarked number is not taken as a price.
    private func certainty(of number: NumberToken, value: NumberToken.Value, marking: Marking?) -> Double? {
        var certainty: Double
        if let marking {
            guard value.integerDigits <= 12 else { return nil }
            certainty = (marking.evidence == .code ? 0.97 : 0.95) * marking.certainty
            if value.fractionDigits == 0, !number.hasDashedFraction { certainty *= 0.95 }
        } else {
            guard value.integerDigits <= 7 else { return nil }
            if number.hasDashedFraction || number.hasDashedWhole {
                certainty = 0.5
            } else if value.fractionDigits == 0 {
                guard configuration.acceptsBareNumbers, value.integerDigits <= 6 else { return nil }
                certainty = 0.3
            } else {
                let minorUnits = table.minorUnits(of: configuration.sourceCurrency)
                if value.fractionDigits == max(minorUnits, 2) {
                    certainty = 0.6
                } else if configuration.acceptsBareNumbers, value.fractionDigits < max(minorUnits, 2) {
                    certainty = 0.35
                } else {
                    return nil
                }
            }
        }
        if value.isAmbiguous { certainty *= 0.9 }
        if number.repairs > 0 { certainty *= 0.75 }
        if number.separators.contains(.hintedDecimal) { certainty *= 0.85 }
        if number.separators.contains(.spacedDecimal) { certainty *= 0.8 }
        return certainty
    }

    // MARK: Units

    /// `/kg`, `/ 100 g`, `per lb` after a price: the unit text and the tokens it used.
    private func unit(after last: Int) -> (text: String, tokens: ClosedRange<Int>)? {
        let slash = last + 1
        guard slash + 1 < tokens.count, tokens[slash].gapBefore <= 1 else { return nil }
        let isSlash = tokens[slash].isPunctuation { $0 == "/" }
        let isPer = tokens[slash].word.map(Self.perWords.contains) ?? false
        guard isSlash || isPer else { return nil }
        let first = slash + 1
        guard tokens[first].gapBefore <= 1 else { return nil }
        if let word = tokens[first].word {
            let isKnown = Self.measureWords.contains(word) || Self.countWords.contains(word)
            guard isKnown || (isSlash && Self.looksLikeUnit(word)) else { return nil }
            return (word, first...first)
        }
        if let count = tokens[first].number?.integerValueIfPlain, first + 1 < tokens.count,
            tokens[first + 1].gapBefore <= 1, let word = tokens[first + 1].word, Self.measureWords.contains(word)
        {
            return ("\(count)\(word)", first...(first + 1))
        }
        return nil
    }

    /// A short lower-case word (`pièce`, `month`) or a CJK counter (`斤`) after `/`; not `Small` in `$3.25 / Small`.
    static func looksLikeUnit(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        if !isSpaced(word) { return word.unicodeScalars.count <= 2 }
        return word.unicodeScalars.count <= 6 && !first.properties.isUppercase
    }
}

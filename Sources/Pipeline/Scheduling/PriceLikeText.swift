import Foundation

/// Tells whether OCR text that gave no price could still be a misread one, so that the scheduler
/// reads its line again several times rather than once: it has an amount with two decimals
/// (`12,99`), a currency symbol next to a digit (`£3O`), or an ISO currency code (`CHF`). Phone
/// numbers, article numbers, percentages, volumes and dates have none of these, and re-reading
/// them was most of the retries on a shelf.
enum PriceLikeText {
    /// ISO 4217 codes Foundation knows, uppercased.
    private static let currencyCodes = Set(Locale.Currency.isoCurrencies.map { $0.identifier.uppercased() })

    static func looksLikePrice(_ text: String) -> Bool {
        let characters = Array(text)
        let dates = dateRanges(in: characters)
        for (index, character) in characters.enumerated() {
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .currencySymbol }) {
                let nearby = characters[max(0, index - 2)..<min(characters.count, index + 3)]
                if nearby.contains(where: \.isNumber) { return true }
            }
            // A decimal separator between a digit and exactly two digits that end the number
            // (`12,99`, `1.122,17`), not a date's (`25.05.2024`, `08.12.23`).
            if isSeparator(character), index > 0, characters[index - 1].isNumber, !dates.contains(where: { $0.contains(index) }) {
                let tail = characters[(index + 1)...].prefix { $0.isNumber }
                let next = index + 1 + tail.count
                let continues = next + 1 < characters.count && isSeparator(characters[next]) && characters[next + 1].isNumber
                if tail.count == 2, !continues { return true }
            }
        }
        let words = text.split { !$0.isLetter }
        return words.contains { $0.count == 3 && $0.allSatisfy(\.isUppercase) && currencyCodes.contains(String($0)) }
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == "." || character == ","
    }

    /// The ranges of `characters` that hold a day, a month and a year joined by one separator
    /// (`25.05.2024`, `8.12.23`), with no other digit or separator around them.
    private static func dateRanges(in characters: [Character]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        while start < characters.count {
            guard characters[start].isNumber, start == 0 || !(characters[start - 1].isNumber || isSeparator(characters[start - 1])) else {
                start += 1
                continue
            }
            var end = start
            while end < characters.count, characters[end].isNumber || isSeparator(characters[end]) { end += 1 }
            let groups = characters[start..<end].split(omittingEmptySubsequences: false, whereSeparator: isSeparator)
            let separators = Set(characters[start..<end].filter(isSeparator))
            if groups.count == 3, separators.count == 1,
               (1...2).contains(groups[0].count), (1...2).contains(groups[1].count), [2, 4].contains(groups[2].count) {
                ranges.append(start..<end)
            }
            start = end
        }
        return ranges
    }
}

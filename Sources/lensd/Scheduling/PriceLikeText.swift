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
        for (index, character) in characters.enumerated() {
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .currencySymbol }) {
                let nearby = characters[max(0, index - 2)..<min(characters.count, index + 3)]
                if nearby.contains(where: \.isNumber) { return true }
            }
            // A decimal separator between a digit and exactly two digits.
            if character == "." || character == ",", index > 0, characters[index - 1].isNumber {
                let tail = characters[(index + 1)...].prefix { $0.isNumber }
                if tail.count == 2 { return true }
            }
        }
        let words = text.split { !$0.isLetter }
        return words.contains { $0.count == 3 && $0.allSatisfy(\.isUppercase) && currencyCodes.contains(String($0)) }
    }
}

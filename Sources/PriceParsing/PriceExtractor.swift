import Foundation

/// Reads prices (amount and ISO 4217 currency) from OCR text lines.
///
/// Recognises currency symbols and ISO codes before or after the amount, with or without a space
/// (`$12.99`, `12,99 €`, `EUR 1.299,00`, `1 299 Kč`, `R$ 10,50`, `Fr. 7.90`), decimal comma or point,
/// grouping by `.`, `,`, spaces, narrow no-break spaces and apostrophes, dashed cents (`12,-`), several
/// prices and ranges on a line, multi-buy offers (`3 for $5`), unit prices (`$1.99/lb`), letters OCR reads
/// for digits inside a marked amount (`$1O.99`) and cents printed as superscript (from word boxes).
/// Dates, times, percentages, phone numbers, measures (`500 g`), years and long digit runs are not prices
/// unless a currency marker makes them one.
///
/// The decimal separator is decided from the digits and the currency's minor units; see
/// ``NumberToken/value(minorUnits:)`` for the rule (a lone `.`/`,` before exactly three digits groups
/// thousands, except for three-decimal currencies such as KWD).
///
/// The currency is decided in this order: an ISO code printed next to the amount (also when a symbol is
/// printed too: `$12.99 CAD`); an unambiguous symbol; an ambiguous symbol (`$`, `¥`, `kr`, `Fr.`) read as
/// the source currency when it is one of the symbol's currencies, else its usual currency (`$` → USD,
/// `¥` → JPY, `kr` → SEK); single letters and word-like symbols (`R`, `L`, `Fr`) and ISO codes that are
/// English words (`ALL`, `TOP`) count only when they name the source currency; the source currency
/// for unmarked amounts, which count only with two decimals (or the source currency's minor units) or, when
/// ``Configuration/acceptsBareNumbers`` is set, also as bare integers and with one decimal.
public struct PriceExtractor: Sendable {
    /// What the extractor assumes about the text it reads.
    public struct Configuration: Sendable, Hashable {
        /// ISO 4217 code assumed for unmarked amounts; also resolves ambiguous symbols
        /// (`$` → CAD when this is CAD, `¥` → CNY when CNY, `kr` → NOK when NOK).
        public var sourceCurrency: String
        /// Whether bare integers (`514`) and unmarked amounts with fewer decimals than the source currency
        /// has (`12.5`) count as prices in the source currency, as for typed input.
        /// Years, dates, measures and digit sequences are still rejected.
        public var acceptsBareNumbers: Bool

        public init(sourceCurrency: String = "USD", acceptsBareNumbers: Bool = false) {
            self.sourceCurrency = sourceCurrency.uppercased()
            self.acceptsBareNumbers = acceptsBareNumbers
        }
    }

    /// The configuration in use, with the source currency code upper-cased.
    public let configuration: Configuration

    /// An extractor; the symbol tables (built from ICU once per process, about a third of a
    /// second) are built on first use, or ahead of it by ``prepareTables()``.
    public init(configuration: Configuration = .init()) {
        var configuration = configuration
        configuration.sourceCurrency = configuration.sourceCurrency.uppercased()
        self.configuration = configuration
    }

    /// Builds the symbol tables now, so that the first line read does not wait for them: call it
    /// on a background thread at startup.
    public static func prepareTables() {
        _ = CurrencySymbolTable.shared
    }

    /// Prices in one OCR line.
    ///
    /// Each price's box is the union of the boxes of the words its text came from; when the words cannot
    /// be found in the line's text, a slice of the line box proportional to the text's position. Its
    /// confidence is the parse certainty times the mean confidence of those words (or the line's).
    public func prices(in line: TextLine) -> [DetectedPrice] {
        let scalars = Array(line.text.unicodeScalars)
        var layout: WordLayout?
        if WordLayout.mayHaveSuperscriptCents(line.words) {
            layout = WordLayout(scalars: scalars, words: line.words)
        }
        let matches = scan(scalars, decimalHints: layout?.superscriptCentsOffsets() ?? [])
        guard !matches.isEmpty else { return [] }
        let placing = layout ?? WordLayout(scalars: scalars, words: line.words)
        let indices = Self.scalarIndices(of: line.text)
        return matches.map { match in
            let placement = placing.placement(of: match.start..<match.end, in: line)
            return DetectedPrice(
                text: String(line.text.unicodeScalars[indices[match.start]..<indices[match.end]]),
                amount: match.amount, currency: match.currency, currencyEvidence: match.evidence,
                box: placement.box, confidence: min(1, max(0, match.certainty * placement.confidence)),
                unit: match.unit, quantity: match.quantity, readConfidence: min(1, max(0, placement.confidence)))
        }
    }

    /// Prices in plain text (`12,99`, `$12.99`, `1.299,00 €`), with their spans in `text`.
    public func parse(_ text: String) -> [ParsedPrice] {
        let scalars = Array(text.unicodeScalars)
        let matches = scan(scalars, decimalHints: [])
        guard !matches.isEmpty else { return [] }
        let indices = Self.scalarIndices(of: text)
        return matches.map { match in
            let span = indices[match.start]..<indices[match.end]
            return ParsedPrice(
                amount: match.amount, currency: match.currency, currencyEvidence: match.evidence, span: span,
                certainty: match.certainty, unit: match.unit, quantity: match.quantity,
                text: String(text.unicodeScalars[span]))
        }
    }

    private func scan(_ scalars: [Unicode.Scalar], decimalHints: Set<Int>) -> [PriceScanner.Match] {
        let tokens = PriceLexer(scalars: scalars, table: .shared, decimalHints: decimalHints).tokens()
        guard tokens.contains(where: \.isNumber) else { return [] }
        return PriceScanner(tokens: tokens, table: .shared, configuration: configuration).matches()
    }

    /// The string index of every scalar offset, plus the end index.
    private static func scalarIndices(of text: String) -> [String.Index] {
        var indices = Array(text.unicodeScalars.indices)
        indices.append(text.unicodeScalars.endIndex)
        return indices
    }
}

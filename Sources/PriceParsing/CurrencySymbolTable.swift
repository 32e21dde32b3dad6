import Foundation
import Synchronization

/// Currency symbols, ISO 4217 codes and minor units, read once from Foundation's ICU locale data.
///
/// The table is built lazily on first use (``shared``) from (``CurrencySpellings``, kept between
/// runs in the ``CurrencySymbolCache`` directory when one is set):
/// - every locale in `Locale.availableIdentifiers`: the symbol its currency formatter prints for the
///   locale's own currency (`$` for `en_CA` → CAD, `kr` for `sv_SE` → SEK, `Kč` for `cs_CZ` → CZK) and for
///   the ``majorCurrencies`` (`$US` in `fr_FR`);
/// - every code in `Locale.commonISOCurrencyCodes`: the symbol `en_US` prints for it (`CA$`, `₹`, `₩`)
///   and its minor units, read from how many fraction digits the formatter prints (JPY 0, KWD 3);
/// - ``supplement``, a short table of spellings ICU does not know but shelves and OCR produce
///   (`Fr.` for CHF, `Kc` for an OCR-read `Kč`, `zl` for `zł`, `¤` for "the source currency").
///
/// A symbol maps to one or more currencies; ``resolve(_:source:)`` picks one.
public struct CurrencySymbolTable: Sendable {
    /// A symbol as it can be matched in text.
    struct Symbol: Sendable {
        /// The symbol as text (`R$`).
        var text: String
        /// The symbol's Unicode scalars; a space matches any white space in the text.
        var scalars: [Unicode.Scalar]
        /// Currencies printed with this symbol, sorted; empty for the generic sign `¤`.
        var currencies: [String]
        /// Whether the symbol counts only when the source currency is one of ``currencies``:
        /// single letters (`R`, `K`, `L`) and short words that are also common words (`den`, `Le`).
        var sourceOnly: Bool
        /// Whether the symbol contains letters, so it needs a word boundary on both sides.
        var isAlphabetic: Bool
        /// Whether locales print the symbol before the amount more often than after it (`$5` vs `5 €`);
        /// decides which number a symbol printed between two numbers belongs to.
        var isUsuallyPrefix: Bool
    }

    /// All symbols.
    let symbols: [Symbol]
    /// Indices into ``symbols`` by the symbol's text.
    let symbolIndexByText: [String: Int]
    /// Indices into ``symbols`` by the symbol's first scalar, longest symbol first.
    let symbolsByFirstScalar: [Unicode.Scalar: [Int]]
    /// The index of the plain `$`, for an `S` that OCR read in its place.
    let dollar: Int?
    /// ISO 4217 codes in current use.
    let isoCodes: Set<String>
    /// Codes that are also common English words or brand names (`ALL`, `TOP`, `PHP`): they count
    /// as a currency marker only when they name the source currency.
    let wordLikeCodes: Set<String>
    /// Fraction digits per currency where CLDR says other than 2.
    let minorUnitsByCode: [String: Int]

    /// The table built from this process's ICU data.
    public static let shared = CurrencySymbolTable(spellings: .load(cachedIn: CurrencySymbolCache.current))

    /// Spellings ICU lacks, with the currencies they stand for and whether they are printed before the amount.
    ///
    /// - `Fr.`, `Fr`, `SFr.`, `sFr.`: Swiss francs as printed on Swiss shelves (`Fr` without its period
    ///   counts only for a CHF source).
    /// - `Kc`, `Ke`, `Ké`, `K¢`, `KC`, `KE`, `kč`, `ké`, `zl`, `RS`: `Kč`, `zł` and `R$` as OCR reads them (an
    ///   English model reads `č` as `e`, `é`, `E` or `C`, and a big `K` in a light font as `k`). The
    ///   two-letter capitals count for their own source currency, and otherwise only where the scanner
    ///   finds them in their place: `KC` and `KE` right after an amount, `RS` right before a Brazilian one.
    /// - `kr`, `kr.`, `Kr`, `KR`: ICU knows `kr` for DKK/NOK/SEK and `kr.` for DKK/ISK; shelves use both
    ///   spellings for all four.
    /// - `Rs`, `Rs.`: also the common Latin spelling of the Indian rupee.
    /// - `C$`, `AU$`, `A$`, `S$`, `NZ$`: common prefixed dollar spellings.
    /// - `KD`, `đ`, `VNĐ`: Kuwaiti dinar and Vietnamese dong as printed locally.
    /// - `RMB`, `lei`, `TL`, `NIS`, `руб.`, `грн`, `元`, `円`, `원`, `￥`, `Euro`: local words and full-width forms.
    /// - `¤`: the generic currency sign; it means "some currency", taken as the source currency.
    static let supplement: [(symbol: String, currencies: [String], isPrefix: Bool)] = [
        ("Fr.", ["CHF"], true), ("Fr", ["CHF"], true), ("SFr.", ["CHF"], true), ("sFr.", ["CHF"], true),
        ("Kc", ["CZK"], false), ("Ke", ["CZK"], false), ("Ké", ["CZK"], false), ("KC", ["CZK"], false), ("KE", ["CZK"], false),
        ("kč", ["CZK"], false), ("ké", ["CZK"], false), ("K¢", ["CZK"], false), ("zl", ["PLN"], false), ("RS", ["BRL"], true),
        ("kr", ["DKK", "ISK", "NOK", "SEK"], false), ("kr.", ["DKK", "ISK", "NOK", "SEK"], false),
        ("Kr", ["DKK", "ISK", "NOK", "SEK"], false), ("Kr.", ["DKK", "ISK", "NOK", "SEK"], false),
        ("KR", ["DKK", "ISK", "NOK", "SEK"], false),
        ("Rs", ["INR"], true), ("Rs.", ["INR"], true),
        ("C$", ["CAD"], true), ("AU$", ["AUD"], true), ("A$", ["AUD"], true), ("S$", ["SGD"], true),
        ("NZ$", ["NZD"], true), ("RMB", ["CNY"], true), ("KD", ["KWD"], true),
        ("đ", ["VND"], false), ("VNĐ", ["VND"], false),
        ("lei", ["RON"], false), ("TL", ["TRY"], false), ("NIS", ["ILS"], false),
        ("руб.", ["RUB"], false), ("руб", ["RUB"], false), ("грн", ["UAH"], false), ("грн.", ["UAH"], false),
        ("元", ["CNY"], false), ("円", ["JPY"], false), ("원", ["KRW"], false), ("￥", ["CNY", "JPY"], true),
        ("Euro", ["EUR"], false), ("EURO", ["EUR"], false), ("euro", ["EUR"], false),
        ("¤", [], true),
    ]

    /// Currencies whose spelling in every language is collected (`$US`, `£GB`, `US$`), not only in English;
    /// regional locales are asked only where a major currency is the local one (`$ US` in `fr_CA`).
    static let majorCurrencies = ["USD", "EUR", "GBP", "JPY", "CNY", "CHF", "CAD", "AUD"]

    /// The currency an ambiguous symbol stands for when the source currency is not one of its currencies.
    static let preferred: [String: String] = [
        "$": "USD", "£": "GBP", "¥": "JPY", "￥": "JPY", "kr": "SEK", "kr.": "DKK", "Kr": "SEK", "Kr.": "DKK",
        "KR": "SEK", "Rs": "INR", "Rs.": "INR", "Br": "ETB", "K": "ZMW", "L": "HNL",
    ]

    /// Short alphabetic symbols that are safe outside their own currency's country (`Fr` without its
    /// period is not: it is also Friday and French).
    static let trustedShortSymbols: Set<String> = [
        "kr", "Kr", "KR", "Ft", "Rp", "Rs", "RM", "Kc", "Ke", "Ké", "K¢", "kč", "ké", "zl", "KM", "DA", "DT", "TL", "Kč", "zł", "KD", "đ",
    ]

    /// Short symbols that are common words in European languages.
    static let wordLikeSymbols: Set<String> = ["den", "Le", "Ar", "Db", "Nfk", "Bs", "Rf", "Kz"]

    /// ISO codes that are common English words, abbreviations or brand names.
    static let wordLikeISOCodes: Set<String> = [
        "ALL", "AMD", "BAM", "BOB", "CUP", "CVE", "GEL", "LAK", "MAD", "MOP", "NAD", "PEN", "PHP", "SOS",
        "TOP", "TRY", "ERN", "TMT",
    ]

    init(spellings: CurrencySpellings = .fromICU()) {
        var currenciesBySymbol: [String: Set<String>] = [:]
        var prefixVotes: [String: Int] = [:]
        func add(_ rawSymbol: String, _ code: String, formatted: String) {
            let symbol = Self.cleaned(rawSymbol)
            guard !symbol.isEmpty, symbol != code, !symbol.unicodeScalars.contains(where: Self.isASCIIDigit) else {
                return
            }
            currenciesBySymbol[symbol, default: []].insert(code)
            let isPrefix = Self.cleaned(formatted).unicodeScalars.first.map { !Self.isASCIIDigit($0) } ?? true
            prefixVotes[symbol, default: 0] += isPrefix ? 1 : -1
        }
        for spelling in spellings.locales {
            add(spelling.symbol, spelling.code, formatted: spelling.formatted)
        }
        var minorUnits: [String: Int] = [:]
        for entry in spellings.english {
            add(entry.symbol, entry.code, formatted: entry.formatted)
            if entry.fractionDigits != 2 { minorUnits[entry.code] = entry.fractionDigits }
        }
        for entry in Self.supplement {
            currenciesBySymbol[entry.symbol, default: []].formUnion(entry.currencies)
            if prefixVotes[entry.symbol] == nil { prefixVotes[entry.symbol] = entry.isPrefix ? 1 : -1 }
        }
        var symbols: [Symbol] = []
        for (symbol, currencies) in currenciesBySymbol.sorted(by: { $0.key < $1.key }) {
            let scalars = Array(symbol.unicodeScalars)
            let alphabetic = scalars.contains { $0.properties.isAlphabetic }
            let asciiLetters = scalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
            let sourceOnly =
                Self.wordLikeSymbols.contains(symbol)
                || (asciiLetters && scalars.count <= 2 && !Self.trustedShortSymbols.contains(symbol))
            symbols.append(
                Symbol(
                    text: symbol, scalars: scalars, currencies: currencies.sorted(), sourceOnly: sourceOnly,
                    isAlphabetic: alphabetic, isUsuallyPrefix: prefixVotes[symbol, default: 1] >= 0))
        }
        var byFirstScalar: [Unicode.Scalar: [Int]] = [:]
        for (index, symbol) in symbols.enumerated() {
            guard let first = symbol.scalars.first else { continue }
            byFirstScalar[first, default: []].append(index)
        }
        for key in byFirstScalar.keys {
            byFirstScalar[key]?.sort { symbols[$0].scalars.count > symbols[$1].scalars.count }
        }
        self.symbols = symbols
        symbolIndexByText = Dictionary(symbols.enumerated().map { ($1.text, $0) }, uniquingKeysWith: { first, _ in first })
        symbolsByFirstScalar = byFirstScalar
        dollar = symbols.firstIndex { $0.text == "$" }
        isoCodes = Set(spellings.english.map(\.code))
        wordLikeCodes = Self.wordLikeISOCodes
        minorUnitsByCode = minorUnits
    }

    /// Fraction digits of `code` (2 unless CLDR says otherwise).
    public func minorUnits(of code: String) -> Int {
        minorUnitsByCode[code] ?? 2
    }

    /// The currency `symbol` stands for given the source currency, and how sure that is (0…1).
    ///
    /// Order: the source currency if the symbol is one of its spellings; the only currency of an
    /// unambiguous symbol; the documented ``preferred`` reading of an ambiguous one; else the first
    /// candidate alphabetically. The generic sign `¤` always reads as the source currency.
    func resolve(_ index: Int, source: String) -> (code: String, certainty: Double)? {
        let symbol = symbols[index]
        if symbol.currencies.isEmpty { return (source, 0.8) }
        if symbol.currencies.contains(source) { return (source, 1) }
        if symbol.sourceOnly { return nil }
        if symbol.currencies.count == 1, let only = symbol.currencies.first { return (only, 1) }
        if let preferred = Self.preferred[symbol.text], symbol.currencies.contains(preferred) { return (preferred, 0.9) }
        return symbol.currencies.first.map { ($0, 0.7) }
    }

    /// A currency symbol as one locale's currency formatter prints it, with a formatted 1.
    struct Spelling: Codable, Sendable, Equatable {
        /// The locale's identifier.
        var locale: String
        var symbol: String
        var code: String
        var formatted: String
    }

    /// The spellings of every locale in `identifiers`, in their order: the symbol of the locale's
    /// own currency and, for a locale that is not regional or whose currency is major, those of the
    /// ``majorCurrencies``. About 2,000 formatted amounts at some 50 µs each, so the locales are
    /// shared out over the cores (`slices`: how many; by default twice the cores).
    static func localeSpellings(_ identifiers: [String], slices requested: Int? = nil) -> [Spelling] {
        let slices = max(1, min(identifiers.count, requested ?? 2 * ProcessInfo.processInfo.activeProcessorCount))
        let results = Mutex<[[Spelling]]>(Array(repeating: [], count: slices))
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            var spellings: [Spelling] = []
            for identifier in identifiers[(slice * identifiers.count / slices)..<((slice + 1) * identifiers.count / slices)] {
                let locale = Locale(identifier: identifier)
                guard let code = locale.currency?.identifier else { continue }
                spellings.append(spelling(of: code, in: locale))
                let isRegional = identifier.contains("_") && !identifier.hasSuffix("_001") && !identifier.hasSuffix("_150")
                guard !isRegional || majorCurrencies.contains(code) else { continue }
                for major in majorCurrencies where major != code {
                    spellings.append(spelling(of: major, in: locale))
                }
            }
            results.withLock { $0[slice] = spellings }
        }
        return results.withLock { $0 }.flatMap { $0 }
    }

    /// How `locale` prints an amount of `code`: a formatted 1 (`Decimal.FormatStyle.Currency`),
    /// and as the symbol what is left of it without the number. A `NumberFormatter` gives the same
    /// symbols at twice the cost, as it builds a new ICU formatter for every setting.
    static func spelling(of code: String, in locale: Locale) -> Spelling {
        let formatted = Decimal(1).formatted(.currency(code: code).locale(locale))
        return Spelling(locale: locale.identifier, symbol: symbol(in: formatted), code: code, formatted: formatted)
    }

    /// The text before and after the digits of a formatted amount: `US$` of `US$1.00`, `€` of
    /// `1,00 €`, `د.إ.‏` of `‏1.00 د.إ.‏` (digits of any script).
    static func symbol(in formatted: String) -> String {
        let scalars = Array(formatted.unicodeScalars)
        let isDigit = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory == .decimalNumber }
        guard let first = scalars.firstIndex(where: isDigit), let last = scalars.lastIndex(where: isDigit) else {
            return formatted
        }
        var symbol = String.UnicodeScalarView()
        symbol.append(contentsOf: scalars[..<first])
        symbol.append(contentsOf: scalars[(last + 1)...])
        return String(symbol)
    }

    /// Removes bidi marks and invisible format characters, maps white space to a plain space and trims.
    private static func cleaned(_ symbol: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in symbol.unicodeScalars {
            if scalar.properties.generalCategory == .format { continue }
            scalars.append(scalar.properties.isWhitespace ? " " : scalar)
        }
        return String(scalars).trimmingCharacters(in: .whitespaces)
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }
}

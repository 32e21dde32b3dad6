import Foundation
import Testing

@testable import PriceParsing

@Suite("PriceExtractor issue #3 features")
struct PriceExtractorFeatureTests {
    /// One expected reading: amount, currency, printed span.
    struct Reading: Sendable, CustomTestStringConvertible {
        var text: String
        var source: String
        var amount: String
        var currency: String
        var span: String

        init(_ text: String, source: String = "USD", _ amount: String, _ currency: String, span: String? = nil) {
            self.text = text
            self.source = source
            self.amount = amount
            self.currency = currency
            self.span = span ?? text
        }

        var testDescription: String { "\(text) [\(source)]" }
    }

    static let symbolsAndCodes: [Reading] = [
        Reading("₹499", "499", "INR"), Reading("₩12,000", "12000", "KRW"), Reading("12,50 zł", "12.5", "PLN"),
        Reading("kr 49,95", source: "SEK", "49.95", "SEK"), Reading("49,95 kr", source: "NOK", "49.95", "NOK"),
        Reading("49,95 kr", source: "DKK", "49.95", "DKK"), Reading("1.490 kr.", source: "ISK", "1490", "ISK"),
        Reading("Fr. 7.90", "7.9", "CHF"), Reading("7.90 Fr.", "7.9", "CHF"), Reading("₺149,90", "149.9", "TRY"),
        Reading("₽1 299", "1299", "RUB"), Reading("₴89,50", "89.5", "UAH"), Reading("₪ 39.90", "39.9", "ILS"),
        Reading("฿250", "250", "THB"), Reading("250.000₫", "250000", "VND"), Reading("RM 33.92", "33.92", "MYR"),
        Reading("12,-", source: "EUR", "12", "EUR"), Reading("12.-", source: "CHF", "12", "CHF"),
        Reading("CHF 12.–", "12", "CHF"), Reading("¥980", source: "CNY", "980", "CNY"), Reading("¥980", "980", "JPY"),
        Reading("$5", source: "CAD", "5", "CAD"), Reading("R 29.99", source: "ZAR", "29.99", "ZAR"),
        Reading("R$ 10,50", source: "ZAR", "10.5", "BRL"), Reading("US $19.99", "19.99", "USD"),
        Reading("MXN $ 249.00", source: "MXN", "249", "MXN"), Reading("24.9¢", "0.249", "USD"),
        Reading("–.89", source: "CHF", "0.89", "CHF"), Reading("29:-", source: "SEK", "29", "SEK"),
    ]

    @Test("reads the symbols, codes and notations of issue #3", arguments: symbolsAndCodes)
    func readsSymbolsAndCodes(_ reading: Reading) throws {
        let prices = PriceExtractor(configuration: .init(sourceCurrency: reading.source)).parse(reading.text)
        try #require(prices.count == 1, "\(prices)")
        #expect(prices[0].amount == Decimal(string: reading.amount))
        #expect(prices[0].currency == reading.currency)
        #expect(prices[0].text == reading.span)
    }

    @Test("an explicit ISO code wins over the source currency and ambiguous symbols")
    func codeWins() throws {
        let price = try #require(PriceExtractor(configuration: .init(sourceCurrency: "CAD")).parse("USD $12.99").first)
        #expect(price.currency == "USD")
        #expect(price.currencyEvidence == .code)
    }

    @Test("ambiguous symbols resolve by the source currency, then by their usual currency")
    func ambiguousSymbols() {
        let cases: [(String, String, String)] = [
            ("$1.00", "AUD", "AUD"), ("$1.00", "EUR", "USD"), ("¥100", "CNY", "CNY"), ("¥100", "EUR", "JPY"),
            ("kr 10", "NOK", "NOK"), ("kr 10", "EUR", "SEK"), ("£1", "EUR", "GBP"),
        ]
        for (text, source, currency) in cases {
            #expect(PriceExtractor(configuration: .init(sourceCurrency: source)).parse(text).first?.currency == currency, "\(text) [\(source)]")
        }
    }

    @Test("a lone three-digit group groups thousands unless the currency has three minor units")
    func threeDigitRule() {
        let euro = PriceExtractor(configuration: .init(sourceCurrency: "EUR"))
        #expect(euro.parse("1.299 €").first?.amount == 1299)
        #expect(euro.parse("1,299 €").first?.amount == 1299)
        #expect(euro.parse("1.29 €").first?.amount == Decimal(string: "1.29"))
        #expect(euro.parse("0.299 €").first?.amount == Decimal(string: "0.299"))
        #expect(PriceExtractor().parse("KWD 1.299").first?.amount == Decimal(string: "1.299"))
        #expect(PriceExtractor().parse("BHD 1,299").first?.amount == Decimal(string: "1.299"))
        let ambiguous = euro.parse("1.299 €").first?.certainty ?? 1
        let clear = euro.parse("1.299,00 €").first?.certainty ?? 0
        #expect(ambiguous < clear)
    }

    @Test("finds several prices, ranges and multi-buy offers on one line")
    func severalPrices() {
        let extractor = PriceExtractor(configuration: .init(sourceCurrency: "EUR"))
        #expect(extractor.parse("12,99 € 15,99 €").map(\.amount) == [Decimal(string: "12.99"), Decimal(string: "15.99")])
        let range = extractor.parse("12.99–15.99")
        #expect(range.map(\.amount) == [Decimal(string: "12.99"), Decimal(string: "15.99")])
        let markedRange = extractor.parse("9,99–14,99 $")
        #expect(markedRange.map(\.currency) == ["USD", "USD"])
        let offer = PriceExtractor().parse("3 for $5")
        #expect(offer.count == 1)
        #expect(offer.first?.amount == 5)
        #expect(offer.first?.quantity == 3)
        #expect(offer.first?.text == "$5")
    }

    @Test("reads the unit of unit prices")
    func unitPrices() {
        #expect(PriceExtractor().parse("$1.99/lb").first?.unit == "lb")
        #expect(PriceExtractor().parse("2,49 €/kg").first?.unit == "kg")
        #expect(PriceExtractor().parse("€1.20/100 g").first?.unit == "100g")
        #expect(PriceExtractor().parse("£1.20 per kg").first?.unit == "kg")
        #expect(PriceExtractor().parse("$1.99").first?.unit == nil)
    }

    @Test("repairs OCR letter confusions only inside marked amounts")
    func ocrRepairs() {
        #expect(PriceExtractor().parse("$1O.99").first?.amount == Decimal(string: "10.99"))
        #expect(PriceExtractor().parse("$l2.99").first?.amount == Decimal(string: "12.99"))
        #expect(PriceExtractor().parse("$1S.99").first?.amount == Decimal(string: "15.99"))
        #expect(PriceExtractor().parse("$3B.00").first?.amount == Decimal(string: "38.00"))
        #expect(PriceExtractor().parse("|47,50 €").first?.amount == Decimal(string: "47.50"))
        #expect(PriceExtractor().parse("€|47,50").first?.amount == Decimal(string: "47.50"))
        #expect(PriceExtractor().parse("1O.99").isEmpty)
        #expect(PriceExtractor().parse("10oz").isEmpty)
        #expect(PriceExtractor().parse("Oil 1l").isEmpty)
        let repaired = PriceExtractor().parse("$1O.99").first?.certainty ?? 1
        #expect(repaired < (PriceExtractor().parse("$10.99").first?.certainty ?? 0))
    }

    @Test("a currency sign misread by OCR does not inflate the amount")
    func misreadCurrencySign() {
        #expect(PriceExtractor().parse("¤900").first?.amount == 900)
        #expect(PriceExtractor().parse("S900.00").first?.amount == 900)
        #expect(PriceExtractor().parse("S900.00").first?.currency == "USD")
        #expect(PriceExtractor().parse("§12.99").first?.amount == Decimal(string: "12.99"))
        // Before a whole number an `S` is no dollar sign (`S243` of a blurred `12 x 300 ml`), nor a `5`.
        #expect(PriceExtractor().parse("S243").isEmpty)
        #expect(PriceExtractor(configuration: .init(sourceCurrency: "EUR")).parse("¤900").first?.currency == "EUR")
    }

    @Test("measures, percentages, times and dates become prices only with a currency marker")
    func markerMakesAPrice() {
        #expect(PriceExtractor().parse("12 oz").isEmpty)
        #expect(PriceExtractor().parse("$12 oz").first?.amount == 12)
        #expect(PriceExtractor().parse("1.5 L").isEmpty)
        #expect(PriceExtractor().parse("12:30").isEmpty)
        #expect(PriceExtractor().parse("2026").isEmpty)
        #expect(PriceExtractor().parse("€2026").first?.amount == 2026)
    }
}

extension PriceExtractorFeatureTests {
    @Test("a range shares its cent sign with both ends")
    func centRange() {
        #expect(PriceExtractor().parse("79–99¢").map(\.amount) == [Decimal(string: "0.79"), Decimal(string: "0.99")])
    }
}

extension PriceExtractorFeatureTests {
    @Test("an ISO code on the other side of a symbol decides the currency")
    func codeBesideSymbol() throws {
        let after = try #require(PriceExtractor().parse("$12.99 CAD").first)
        #expect(after.currency == "CAD")
        #expect(after.currencyEvidence == .code)
        #expect(after.text == "$12.99 CAD")
        let before = try #require(PriceExtractor().parse("EUR $12").first)
        #expect(before.currency == "EUR")
        #expect(before.text == "EUR $12")
        #expect(PriceExtractor().parse("$5 USD 7").map(\.text) == ["$5", "USD 7"])
    }
}

extension PriceExtractorFeatureTests {
    @Test("typed input for conversion reads whole and one-decimal amounts when bare numbers are accepted")
    func typedInput() {
        let typed = PriceExtractor(configuration: .init(sourceCurrency: "EUR", acceptsBareNumbers: true))
        #expect(typed.parse("12,99").first?.amount == Decimal(string: "12.99"))
        #expect(typed.parse("12.5").first?.amount == Decimal(string: "12.5"))
        #expect(typed.parse("1.299,00").first?.amount == 1299)
        #expect(typed.parse("12").first?.amount == 12)
        #expect(typed.parse("$12.99").first?.currency == "USD")
        #expect(PriceExtractor(configuration: .init(sourceCurrency: "EUR")).parse("12.5").isEmpty)
    }
}

extension PriceExtractorFeatureTests {
    @Test("a whole amount split from a lone digit or two by one space is not taken for the price")
    func numberSplitByOCR() {
        #expect(PriceExtractor().parse("£6 5.").isEmpty)
        #expect(PriceExtractor().parse("6 5 €").isEmpty)
        #expect(PriceExtractor().parse("Water £6 12").isEmpty)
        #expect(PriceExtractor().parse("£65").map(\.amount) == [65])
        #expect(PriceExtractor().parse("£6 50").isEmpty)
        #expect(PriceExtractor().parse("£6, 50").map(\.amount) == [Decimal(string: "6.50")])
        #expect(PriceExtractor().parse("1 791 Kč").map(\.amount) == [1791])
        #expect(PriceExtractor().parse("£6   5").map(\.amount) == [6])
        #expect(PriceExtractor().parse("2 x £6").map(\.amount) == [6])
    }
}

extension PriceExtractorFeatureTests {
    @Test("a price ends in its final digits with all its currency's fraction digits, or without minor units a whole thousands group")
    func endsInFinalDigitsOnlyWhereNoDigitCanFollow() {
        let price = { (text: String, currency: String) in
            DetectedPrice(text: text, amount: 1, currency: currency, currencyEvidence: .code, box: .zero, confidence: 1)
        }
        #expect(price("USD 142.79", "USD").endsInFinalDigits)
        #expect(!price("38,63 €", "EUR").endsInFinalDigits)  // the marker ends it
        #expect(price("38,63", "EUR").endsInFinalDigits)
        #expect(!price("142.7", "USD").endsInFinalDigits)
        #expect(!price("1,966", "USD").endsInFinalDigits)
        #expect(price("¥7,580", "JPY").endsInFinalDigits)  // a further group would make it a million
        #expect(price("₩12.900", "KRW").endsInFinalDigits)
        #expect(!price("¥75.80", "JPY").endsInFinalDigits)  // no minor units: any digits may follow
        #expect(!price("¥758", "JPY").endsInFinalDigits)
        #expect(!price("¥7,5800", "JPY").endsInFinalDigits)
        #expect(!price(",580", "JPY").endsInFinalDigits)
        #expect(price("KWD 1.250", "KWD").endsInFinalDigits)
        #expect(!price("KWD 1.25", "KWD").endsInFinalDigits)
        #expect(!price("$20", "USD").endsInFinalDigits)
    }
}

import Foundation
import Testing

@testable import PriceParsing

@Suite("PriceExtractor text parsing")
struct PriceExtractorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var amount: String
        var currency: String
        var evidence: CurrencyEvidence
        var span: String
        var source: String = "USD"

        var testDescription: String { "\(text) → \(amount) \(currency)" }
    }

    static let markedCases: [Case] = [
        Case(text: "$12.99", amount: "12.99", currency: "USD", evidence: .symbol, span: "$12.99"),
        Case(text: "12.99$", amount: "12.99", currency: "USD", evidence: .symbol, span: "12.99$"),
        Case(text: "USD 12.99", amount: "12.99", currency: "USD", evidence: .code, span: "USD 12.99"),
        Case(text: "12,99 €", amount: "12.99", currency: "EUR", evidence: .symbol, span: "12,99 €"),
        Case(text: "€12,99", amount: "12.99", currency: "EUR", evidence: .symbol, span: "€12,99"),
        Case(text: "€ 1.299,00", amount: "1299", currency: "EUR", evidence: .symbol, span: "€ 1.299,00"),
        Case(text: "EUR 1.299,00", amount: "1299", currency: "EUR", evidence: .code, span: "EUR 1.299,00"),
        Case(text: "£3.50", amount: "3.5", currency: "GBP", evidence: .symbol, span: "£3.50"),
        Case(text: "¥1,200", amount: "1200", currency: "JPY", evidence: .symbol, span: "¥1,200"),
        Case(text: "¥1200", amount: "1200", currency: "JPY", evidence: .symbol, span: "¥1200"),
        Case(text: "CHF 12.50", amount: "12.5", currency: "CHF", evidence: .code, span: "CHF 12.50"),
        Case(text: "1 299 Kč", amount: "1299", currency: "CZK", evidence: .symbol, span: "1 299 Kč"),
        Case(text: "1 299 Kc", amount: "1299", currency: "CZK", evidence: .symbol, span: "1 299 Kc"),
        Case(text: "1791 Ke", amount: "1791", currency: "CZK", evidence: .symbol, span: "1791 Ke"),
        Case(text: "1174 ké", amount: "1174", currency: "CZK", evidence: .symbol, span: "1174 ké"),
        Case(text: "1791 K¢", amount: "1791", currency: "CZK", evidence: .symbol, span: "1791 K¢"),
        Case(text: "674 KE", amount: "674", currency: "CZK", evidence: .symbol, span: "674 KE"),
        Case(text: "2 579 KC", amount: "2579", currency: "CZK", evidence: .symbol, span: "2 579 KC"),
        Case(text: "R$ 10,50", amount: "10.5", currency: "BRL", evidence: .symbol, span: "R$ 10,50"),
        Case(text: "Preis 1.299 €", amount: "1299", currency: "EUR", evidence: .symbol, span: "1.299 €"),
        Case(text: "now 1.29 €", amount: "1.29", currency: "EUR", evidence: .symbol, span: "1.29 €"),
        Case(text: "CHF 1'299.00", amount: "1299", currency: "CHF", evidence: .code, span: "CHF 1'299.00"),
        Case(text: "1\u{202F}299,00\u{00A0}€", amount: "1299", currency: "EUR", evidence: .symbol, span: "1\u{202F}299,00\u{00A0}€"),
        Case(text: "$1,299.99", amount: "1299.99", currency: "USD", evidence: .symbol, span: "$1,299.99"),
        Case(text: "$12.99", amount: "12.99", currency: "CAD", evidence: .symbol, span: "$12.99", source: "CAD"),
        Case(text: "¥12", amount: "12", currency: "CNY", evidence: .symbol, span: "¥12", source: "CNY"),
        Case(text: "49,95 kr", amount: "49.95", currency: "NOK", evidence: .symbol, span: "49,95 kr", source: "NOK"),
        Case(text: "KWD 1.250", amount: "1.25", currency: "KWD", evidence: .code, span: "KWD 1.250"),
        Case(text: "USD.168.95", amount: "168.95", currency: "USD", evidence: .code, span: "USD.168.95"),
    ]

    @Test("reads RS before a Brazilian amount as R$ whatever the source currency, and only there")
    func readsMisreadRealOnlyBeforeBrazilianAmounts() throws {
        let extractor = PriceExtractor(configuration: .init(sourceCurrency: "USD"))
        let real = try #require(extractor.parse("RS 284,31").first)
        #expect(real.currency == "BRL" && real.currencyEvidence == .symbol && real.amount == Decimal(string: "284.31"))
        #expect(extractor.parse("RS 12.50").allSatisfy { $0.currency != "BRL" })
        #expect(extractor.parse("RS 200").allSatisfy { $0.currency != "BRL" })
    }

    @Test("reads KC or KE after an amount as Kč whatever the source currency, but not before one")
    func readsCapitalCrownsOnlyAfterAmounts() throws {
        let extractor = PriceExtractor(configuration: .init(sourceCurrency: "USD"))
        let crowns = try #require(extractor.parse("674 KE").first)
        #expect(crowns.currency == "CZK" && crowns.currencyEvidence == .symbol && crowns.amount == 674)
        #expect(extractor.parse("KC 135").allSatisfy { $0.currency != "CZK" })
        #expect(extractor.parse("KE 135").allSatisfy { $0.currency != "CZK" })
    }

    @Test("reads marked amounts", arguments: markedCases)
    func readsMarkedAmounts(_ example: Case) throws {
        let prices = PriceExtractor(configuration: .init(sourceCurrency: example.source)).parse(example.text)
        try #require(prices.count == 1, "\(prices)")
        let price = try #require(prices.first)
        #expect(price.amount == Decimal(string: example.amount))
        #expect(price.currency == example.currency)
        #expect(price.currencyEvidence == example.evidence)
        #expect(price.text == example.span)
        #expect(String(example.text[price.span]) == example.span)
        #expect(price.certainty > 0.7 && price.certainty <= 1)
    }

    static let rejected: [String] = [
        "12.03.2024", "2024-03-12", "12/03/2024", "12:30", "9:45 am", "50%", "50 %", "+49 30 1234567",
        "(555) 123-4567", "500 g", "1.5 L", "12 oz", "1.5l", "Since 1998", "4006381333931", "Art. 12345678",
        "Tel 030 1234567", "A4", "v1.2", "12.03.", "2x", "1,5 L Flasche", "21,11, 2025", "21,44, 2026", "21.11,2025", "25.07 2024",
        "@£ 11 2022", "O£ 11 2024", "€ 4 2026", "2027.04", "best before 2026,11",
    ]

    @Test("reads a marked amount that looks like a year and month, and an unmarked one past month 12")
    func yearLikeAmounts() {
        #expect(PriceExtractor().parse("$2027.04").first?.amount == Decimal(string: "2027.04"))
        #expect(PriceExtractor(configuration: .init(sourceCurrency: "EUR")).parse("2027.40").first?.amount == Decimal(string: "2027.40"))
    }

    @Test("rejects numbers that are not prices", arguments: rejected)
    func rejectsNonPrices(_ text: String) {
        #expect(PriceExtractor().parse(text).isEmpty)
        #expect(PriceExtractor(configuration: .init(acceptsBareNumbers: true)).parse(text).isEmpty)
    }

    @Test("rejects bare integers and one-decimal numbers without a marker", arguments: ["Room 12", "iPhone 15", "Aisle 7", "3.5 stars", "4.5"])
    func rejectsBareIntegers(_ text: String) {
        #expect(PriceExtractor().parse(text).isEmpty)
    }

    @Test("reads an unmarked decimal amount as the source currency with lower certainty")
    func readsUnmarkedDecimal() throws {
        let price = try #require(PriceExtractor(configuration: .init(sourceCurrency: "EUR")).parse("12.99").first)
        #expect(price.amount == Decimal(string: "12.99"))
        #expect(price.currency == "EUR")
        #expect(price.currencyEvidence == .default)
        #expect(price.certainty < 0.7)
    }

    @Test("reads bare integers only when configured to")
    func readsBareIntegersOnlyWhenConfigured() throws {
        #expect(PriceExtractor().parse("514").isEmpty)
        let price = try #require(PriceExtractor(configuration: .init(acceptsBareNumbers: true)).parse("514").first)
        #expect(price.amount == 514)
        #expect(price.currencyEvidence == .default)
    }

    @Test("reads a measure as a price when a currency marker precedes it")
    func measureWithMarker() throws {
        let price = try #require(PriceExtractor().parse("$12 oz").first)
        #expect(price.amount == 12)
    }
}

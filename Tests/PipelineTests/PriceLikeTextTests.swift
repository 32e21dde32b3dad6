import Testing
@testable import Pipeline

@Suite("PriceLikeText")
struct PriceLikeTextTests {
    @Test(arguments: ["1.122,17", "12,99", "12,99,-", "1.234.567,89", "£3O", "¥ 7", "CHF", "GBP 85", "88.00", "R$ 28431"])
    func aReadThatMayBeAMisreadPriceLooksLikeOne(text: String) {
        #expect(PriceLikeText.looksLikePrice(text))
    }

    @Test(arguments: ["+49 30 2260608", "SKU 71412639", "Art. 558-468 200 g", "-10%", "5 x 400 ml", "0.7 L", "Best before 03/27", "25.05.2024", "Best before 08.12.23", "ACME Corn Flakes", "v1.2.345"])
    func phoneArticleVolumeAndDateLinesDoNot(text: String) {
        #expect(!PriceLikeText.looksLikePrice(text))
    }
}

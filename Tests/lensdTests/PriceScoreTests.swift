import Foundation
import Testing
@testable import lensd

@Suite("PriceScore")
struct PriceScoreTests {
    func truth() throws -> TruthFile {
        let json = """
            {"width":100,"height":100,"frames":[
              {"index":0,"prices":[{"id":"a","text":"$1.50","amount":"1.50","currency":"USD","box":{"x":10,"y":10,"width":20,"height":10}},
                                   {"id":"b","text":"€2","amount":"2.00","currency":"EUR","box":{"x":60,"y":60,"width":20,"height":10}}]},
              {"index":1,"prices":[{"id":"a","text":"$1.50","amount":"1.50","currency":"USD","box":{"x":12,"y":10,"width":20,"height":10}}]}]}
            """
        return try JSONDecoder().decode(TruthFile.self, from: Data(json.utf8))
    }

    func line(frame: Int, _ prices: [(String, String, Double, Double)]) -> OutputLine {
        OutputLine(
            class: "OVERLAYS", frame: frame, image: nil, width: 100, height: 100,
            prices: prices.enumerated().map { index, price in
                OutputLine.Price(id: "p\(index)", amount: price.0, currency: price.1, box: .init(x: price.2, y: price.3, width: 0.1, height: 0.05))
            })
    }

    @Test("counts a read as correct only with equal amount, currency and its centre in the true box")
    func matching() throws {
        let output = [
            line(frame: 0, [("1.5", "USD", 0.12, 0.12), ("2.00", "USD", 0.62, 0.62)]),
            line(frame: 1, [("1.50", "USD", 0.5, 0.5)]),
        ]
        let score = PriceScore.score(truth: try truth(), output: output)
        #expect(score.framesScored == 2)
        #expect(score.truePrices == 3)
        #expect(score.readPrices == 3)
        #expect(score.correctReads == 1)
        #expect(score.tagsFound == 1 && score.tags == 2)
        #expect(abs(score.recall - 1.0 / 3) < 1e-9 && abs(score.precision - 1.0 / 3) < 1e-9)
    }

    @Test("one true price matches at most one read")
    func noDoubleCounting() throws {
        let output = [line(frame: 1, [("1.50", "USD", 0.12, 0.12), ("1.50", "USD", 0.13, 0.12)])]
        let score = PriceScore.score(truth: try truth(), output: output)
        #expect(score.correctReads == 1 && score.readPrices == 2)
    }
}

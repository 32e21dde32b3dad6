import Foundation
import Testing
@testable import Evaluation

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

    @Test("scores a read of a price cut by the frame's edge neither as correct nor as false")
    func cutPricesAreNotScored() throws {
        let json = """
            {"width":100,"height":100,"frames":[
              {"index":0,"prices":[{"id":"a","text":"$1.50","amount":"1.50","currency":"USD","box":{"x":10,"y":10,"width":20,"height":10}}],
               "cut":[{"id":"c","text":"€2","amount":"2.00","currency":"EUR","box":{"x":90,"y":60,"width":20,"height":10}}]}]}
            """
        let truth = try JSONDecoder().decode(TruthFile.self, from: Data(json.utf8))
        // The cut price read twice (only one read matches it), and once with the wrong amount.
        let output = [line(frame: 0, [("1.50", "USD", 0.12, 0.12), ("2.00", "EUR", 0.9, 0.62), ("2.00", "EUR", 0.91, 0.62),
                                      ("3.00", "EUR", 0.9, 0.62)])]
        let score = PriceScore.score(truth: truth, output: output)
        #expect(score.truePrices == 1 && score.foundPrices == 1)
        #expect(score.cutReads == 1)
        #expect(score.readPrices == 3 && score.correctReads == 1)
        let missed = PriceScore.score(truth: truth, output: [line(frame: 0, [("1.50", "USD", 0.12, 0.12)])])
        #expect(missed.recall == 1 && missed.precision == 1 && missed.cutReads == 0)
    }

    @Test("leaves each price's first frames in view out of the settled recall, those of prices in view from the first frame too")
    func settledRecall() throws {
        // `a` is in view on frames 0-4; `b` comes into view on frame 1, leaves after frame 2 and
        // comes back on frame 4. Read: `a` on frames 2-4 only, `b` on frame 2 only.
        func price(_ id: String, _ x: Int) -> String {
            #"{"id":"\#(id)","text":"\#(id)","amount":"1.00","currency":"USD","box":{"x":\#(x),"y":10,"width":20,"height":10}}"#
        }
        let frames = [[price("a", 10)], [price("a", 10), price("b", 60)], [price("a", 10), price("b", 60)], [price("a", 10)],
                      [price("a", 10), price("b", 60)]]
        let json = #"{"width":100,"height":100,"frames":["# + frames.enumerated().map { index, prices in
            #"{"index":\#(index),"prices":["# + prices.joined(separator: ",") + "]}"
        }.joined(separator: ",") + "]}"
        let truth = try JSONDecoder().decode(TruthFile.self, from: Data(json.utf8))
        let output = [
            line(frame: 0, []), line(frame: 1, []),
            line(frame: 2, [("1.00", "USD", 0.12, 0.12), ("1.00", "USD", 0.62, 0.12)]),
            line(frame: 3, [("1.00", "USD", 0.12, 0.12)]), line(frame: 4, [("1.00", "USD", 0.12, 0.12)]),
        ]
        let strict = PriceScore.score(truth: truth, output: output)
        #expect(strict.truePrices == 8 && strict.foundPrices == 4)
        #expect(strict.settledTruePrices == 8 && strict.settledFoundPrices == 4)
        let settled = PriceScore.score(truth: truth, output: output, settleFrames: 2)
        // Left out: `a` on frames 0 and 1, `b` on frames 1 and 2 (the first two of each), and `b`
        // on frame 4 (back in view).
        #expect(settled.truePrices == 8 && settled.foundPrices == 4)
        #expect(settled.settledTruePrices == 3 && settled.settledFoundPrices == 3)
        #expect(settled.settledRecall == 1)
        #expect(settled.precision == strict.precision)
    }
}

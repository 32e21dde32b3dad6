import Foundation
import Testing
@testable import Evaluation

/// Hand-made sequences on a 100x100 frame, so normalised output boxes times 100 are pixels.
@Suite("TrackScore")
struct TrackScoreTests {
    /// A true price: tag `id`, amount in USD, box in pixels.
    struct Tag {
        var id: String
        var amount = "1.50"
        var x: Double
        var y = 10.0
        var width = 20.0
        var height = 10.0
    }

    /// A lensd price: track `id`, amount in USD, box in pixels, state.
    struct Shown {
        var id: String
        var amount = "1.50"
        var x: Double
        var y = 10.0
        var width = 20.0
        var height = 10.0
        var state = "confirmed"
    }

    func truth(fps: Double = 10, _ frames: [[Tag]]) -> TruthFile {
        TruthFile(
            width: 100, height: 100, fps: fps,
            frames: frames.enumerated().map { index, tags in
                TruthFile.Frame(index: index, prices: tags.map { tag in
                    TruthFile.Price(
                        id: tag.id, text: "$" + tag.amount, amount: tag.amount, currency: "USD",
                        box: .init(x: tag.x, y: tag.y, width: tag.width, height: tag.height))
                })
            })
    }

    func output(_ frames: [[Shown]]) -> [OutputLine] {
        frames.enumerated().map { index, shown in
            OutputLine(
                class: "OVERLAYS", frame: index, time: Double(index) / 10, image: nil, width: 100, height: 100,
                prices: shown.map { price in
                    OutputLine.Price(
                        id: price.id, amount: price.amount, currency: "USD",
                        box: .init(x: price.x / 100, y: price.y / 100, width: price.width / 100, height: price.height / 100),
                        state: price.state)
                })
        }
    }

    @Test("one track following one tag scores no switch, fragment, merge, false track or flip")
    func cleanTrack() {
        let tags = (0..<4).map { [Tag(id: "t1", x: 10 + 2 * Double($0))] }
        let shown = (0..<4).map { [Shown(id: "p1", x: 10 + 2 * Double($0))] }
        let score = TrackScore.score(truth: truth(tags), output: output(shown))
        #expect(score.framesScored == 4 && score.matches == 4 && score.tags == 1 && score.tagsFound == 1)
        #expect(score.idSwitches == 0 && score.fragments == 0 && score.merges == 0 && score.falseTracks == 0)
        #expect(score.valueFlips == 0 && score.jitterRMS == 0 && score.centreErrorMean == 0)
        #expect(score.confirmSecondsMean == 0 && score.missedTags == 0)
    }

    @Test("a tag re-found under a new id after a gap counts one id switch and one extra fragment")
    func reentryUnderNewID() {
        let tags = (0..<5).map { [Tag(id: "t1", x: 10 + Double($0))] }
        let shown: [[Shown]] = [[Shown(id: "p1", x: 10)], [Shown(id: "p1", x: 11)], [], [Shown(id: "p2", x: 13)], [Shown(id: "p2", x: 14)]]
        let score = TrackScore.score(truth: truth(tags), output: output(shown))
        #expect(score.idSwitches == 1)
        #expect(score.fragmentedTags == 1 && score.fragments == 1)
        #expect(score.merges == 0 && score.falseTracks == 0)
    }

    @Test("ids swapped between two equal prices side by side count as switches and merges")
    func swapBetweenTwins() {
        let tags = (0..<2).map { _ in [Tag(id: "t1", x: 10), Tag(id: "t2", x: 50)] }
        let shown: [[Shown]] = [
            [Shown(id: "p1", x: 10), Shown(id: "p2", x: 50)],
            [Shown(id: "p1", x: 50), Shown(id: "p2", x: 10)],
        ]
        let score = TrackScore.score(truth: truth(tags), output: output(shown))
        #expect(score.idSwitches == 2)
        #expect(score.mergedTracks == 2 && score.merges == 2)
        #expect(score.fragmentedTags == 2 && score.fragments == 2)
    }

    @Test("equal prices side by side match the nearest true box, not the first listed")
    func nearestOfEqualPrices() {
        let tags = [[Tag(id: "t1", x: 10, width: 40), Tag(id: "t2", x: 30, width: 40)]]
        let shown = [[Shown(id: "p1", x: 35, width: 30)]]  // centre 50: inside both, nearest t2 (centre 50)
        let score = TrackScore.score(truth: truth(tags), output: output(shown))
        #expect(score.matches == 1 && score.centreErrorMean < 1e-9)
    }

    @Test("a track that never matches a tag is false: wrong amount or centre outside every true box")
    func falseTracks() {
        let tags = (0..<2).map { _ in [Tag(id: "t1", x: 10)] }
        let shown: [[Shown]] = [
            [Shown(id: "p1", x: 10), Shown(id: "p2", amount: "7.50", x: 10), Shown(id: "p3", x: 70)],
            [Shown(id: "p1", x: 10), Shown(id: "p3", x: 70)],
        ]
        let score = TrackScore.score(truth: truth(tags), output: output(shown))
        #expect(score.tracks == 3)
        #expect(score.falseTracks == 2)
    }

    @Test("box error is the centre distance and the mean edge offset of prices shown after confirmation")
    func boxError() {
        let tags = (0..<2).map { _ in [Tag(id: "t1", x: 10)] }
        let shown: [[Shown]] = [
            [Shown(id: "p1", x: 15, state: "tentative")],  // 5 px off but not confirmed: not counted
            [Shown(id: "p1", x: 13, y: 14, width: 20, height: 10)],  // centre (3, 4) off: 5 px; edges 3, 4, 3, 4
        ]
        let score = TrackScore.score(truth: truth(tags), output: output(shown))
        #expect(abs(score.centreErrorMean - 5) < 1e-9 && abs(score.centreErrorP95 - 5) < 1e-9)
        #expect(abs(score.edgeErrorMean - 3.5) < 1e-9)
    }

    @Test("p95 box error is the nearest-rank 95th percentile")
    func boxErrorPercentile() {
        let tags = (0..<20).map { _ in [Tag(id: "t1", x: 10)] }
        let shown = (0..<20).map { [Shown(id: "p1", x: 10 + ($0 == 19 ? 9 : ($0 == 18 ? 4 : 0)))] }
        let score = TrackScore.score(truth: truth(tags), output: output(shown))
        #expect(abs(score.centreErrorP95 - 4) < 1e-9)
        #expect(abs(score.centreErrorMean - 13.0 / 20) < 1e-9)
    }

    @Test("jitter is the RMS of box motion the true motion does not explain; a constant offset is none")
    func jitter() {
        let tags = (0..<3).map { [Tag(id: "t1", x: 10 + 2 * Double($0))] }
        let steady = (0..<3).map { [Shown(id: "p1", x: 15 + 2 * Double($0))] }
        #expect(TrackScore.score(truth: truth(tags), output: output(steady)).jitterRMS == 0)
        let shaky: [[Shown]] = [[Shown(id: "p1", x: 10)], [Shown(id: "p1", x: 13)], [Shown(id: "p1", x: 14)]]
        let score = TrackScore.score(truth: truth(tags), output: output(shaky))
        #expect(score.jitterPairs == 2)
        #expect(abs(score.jitterRMS - 1) < 1e-9)
    }

    @Test("jitter skips frame pairs across an id change")
    func jitterSameMatchOnly() {
        let tags = (0..<2).map { _ in [Tag(id: "t1", x: 10)] }
        let shown: [[Shown]] = [[Shown(id: "p1", x: 10)], [Shown(id: "p2", x: 18)]]
        let score = TrackScore.score(truth: truth(tags), output: output(shown))
        #expect(score.jitterPairs == 0 && score.jitterRMS == 0)
    }

    @Test("a value flip is a change of a track's amount or currency; equal decimals are not a flip")
    func valueFlips() {
        let tags = (0..<4).map { _ in [Tag(id: "t1", x: 10)] }
        let shown: [[Shown]] = [
            [Shown(id: "p1", amount: "1.50", x: 10)], [Shown(id: "p1", amount: "1.5", x: 10)],
            [Shown(id: "p1", amount: "1.80", x: 10)], [Shown(id: "p1", amount: "1.50", x: 10)],
        ]
        let score = TrackScore.score(truth: truth(tags), output: output(shown))
        #expect(score.valueFlips == 2 && score.flippedTracks == 1)
    }

    @Test("time to confirm runs from the first fully visible frame to the first confirmed match")
    func timeToConfirm() {
        let tags = (0..<5).map { _ in [Tag(id: "t1", x: 10), Tag(id: "t2", amount: "3.00", x: 60)] }
        let shown: [[Shown]] = [
            [], [Shown(id: "p1", x: 10, state: "tentative")], [Shown(id: "p1", x: 10, state: "tentative")],
            [Shown(id: "p1", x: 10)], [Shown(id: "p1", x: 10, state: "coasting")],
        ]
        let score = TrackScore.score(truth: truth(fps: 10, tags), output: output(shown))
        #expect(abs(score.confirmSecondsMean - 0.3) < 1e-9)
        #expect(score.tagsFound == 1 && score.missedTags == 1)
    }

    @Test("time to confirm in view counts only the frames the tag was listed in before its confirmation")
    func timeToConfirmInView() {
        // t1 in view on frames 0-1, out on 2-5, back on 6-9; confirmed on frame 8.
        let tags = (0..<10).map { index in (2...5).contains(index) ? [] : [Tag(id: "t1", x: 10)] }
        let shown: [[Shown]] = (0..<10).map { index in index >= 8 ? [Shown(id: "p1", x: 10)] : [] }
        let score = TrackScore.score(truth: truth(fps: 10, tags), output: output(shown))
        #expect(abs(score.confirmSecondsMean - 0.8) < 1e-9)
        #expect(abs(score.confirmInViewSecondsMean - 0.4) < 1e-9)
        #expect(abs(score.confirmInViewSecondsP95 - 0.4) < 1e-9)
    }

    @Test("tags in view on the first frame are left out of the time to confirm of tags coming into view")
    func timeToConfirmEntering() {
        // t1 in view from frame 0, confirmed on 6; t2 comes into view on frame 3, confirmed on 5.
        let tags = (0..<8).map { index in [Tag(id: "t1", x: 10)] + (index >= 3 ? [Tag(id: "t2", amount: "3.00", x: 60)] : []) }
        let shown: [[Shown]] = (0..<8).map { index in
            (index >= 6 ? [Shown(id: "p1", x: 10)] : []) + (index >= 5 ? [Shown(id: "p2", amount: "3.00", x: 60)] : [])
        }
        let score = TrackScore.score(truth: truth(fps: 10, tags), output: output(shown))
        #expect(score.enteringTags == 1)
        #expect(abs(score.confirmEnteringSecondsMean - 0.2) < 1e-9)
        #expect(abs(score.confirmEnteringSecondsP95 - 0.2) < 1e-9)
        #expect(abs(score.confirmInViewSecondsP95 - 0.6) < 1e-9)
    }

    @Test("JSON report uses snake_case keys and rounds pixels to 3 decimals")
    func jsonReport() throws {
        var score = TrackScore()
        score.idSwitches = 2
        score.jitterRMS = 1.23456
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let object = try JSONSerialization.jsonObject(with: encoder.encode(score)) as? [String: Any]
        #expect(object?["id_switches"] as? Int == 2)
        #expect(object?["jitter_rms"] as? Double == 1.235)
    }
}

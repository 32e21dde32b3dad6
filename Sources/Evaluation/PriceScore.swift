import Foundation

/// Recall and precision of prices read by lensd against ground truth.
///
/// A read price matches a true price of the same frame (or image) when the amounts are equal as
/// decimals, the currencies are equal, and the read box's centre lies inside the true box (grown
/// by the truth's `box_growth`). Each true price matches at most one read price. With the truth's
/// `scoring` `labelled` (real photos, where only the prices are labelled), a read that lies in no
/// true or cut box counts neither way.
///
/// A price the frame's edge cuts (the truth's `cut` list: part of its text is out of view) is not
/// scored: it is not needed for recall, and a read that matches it (as above) is neither correct
/// nor false. It is counted apart, in `cutReads`. A lens that keeps a tag's overlay while the tag
/// slides out of view, or reads the digits of a tag whose symbol is cut, is right to show it.
///
/// The *settled* recall leaves out each price's first `settleFrames` frames in full view (of each
/// run of frames that holds it, the sequence's first frame included): the recall of prices "in
/// full view after N frames", which a reader can reach whose reads land that many frames late.
/// Start-up shows in the plain recall, which counts every frame. Precision counts every read
/// price either way.
public struct PriceScore: Encodable, Equatable, Sendable {
    public var framesScored = 0
    public var truePrices = 0
    public var foundPrices = 0
    public var readPrices = 0
    public var correctReads = 0
    /// Reads that matched a price cut by the frame's edge: left out of `readPrices`.
    public var cutReads = 0
    /// Distinct true price ids (tags) found in at least one frame.
    public var tagsFound = 0
    public var tags = 0
    public var settleFrames = 0
    public var settledTruePrices = 0
    public var settledFoundPrices = 0

    public var recall: Double { truePrices > 0 ? Double(foundPrices) / Double(truePrices) : 0 }
    public var settledRecall: Double { settledTruePrices > 0 ? Double(settledFoundPrices) / Double(settledTruePrices) : 0 }
    public var precision: Double { readPrices > 0 ? Double(correctReads) / Double(readPrices) : 0 }
    public var f1: Double { recall + precision > 0 ? 2 * recall * precision / (recall + precision) : 0 }

    /// Adds another score's counts (another sequence's), e.g. for an overall row.
    public mutating func add(_ other: PriceScore) {
        framesScored += other.framesScored
        truePrices += other.truePrices
        foundPrices += other.foundPrices
        readPrices += other.readPrices
        correctReads += other.correctReads
        cutReads += other.cutReads
        tagsFound += other.tagsFound
        tags += other.tags
        settleFrames = max(settleFrames, other.settleFrames)
        settledTruePrices += other.settledTruePrices
        settledFoundPrices += other.settledFoundPrices
    }

    public enum CodingKeys: String, CodingKey {
        case framesScored, truePrices, foundPrices, readPrices, correctReads, cutReads, tagsFound, tags, recall, precision, f1
        case settleFrames, settledTruePrices, settledFoundPrices, settledRecall
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(framesScored, forKey: .framesScored)
        try container.encode(truePrices, forKey: .truePrices)
        try container.encode(foundPrices, forKey: .foundPrices)
        try container.encode(readPrices, forKey: .readPrices)
        try container.encode(correctReads, forKey: .correctReads)
        try container.encode(cutReads, forKey: .cutReads)
        try container.encode(tagsFound, forKey: .tagsFound)
        try container.encode(tags, forKey: .tags)
        try container.encode((recall * 10_000).rounded() / 10_000, forKey: .recall)
        try container.encode((precision * 10_000).rounded() / 10_000, forKey: .precision)
        try container.encode((f1 * 10_000).rounded() / 10_000, forKey: .f1)
        try container.encode(settleFrames, forKey: .settleFrames)
        try container.encode(settledTruePrices, forKey: .settledTruePrices)
        try container.encode(settledFoundPrices, forKey: .settledFoundPrices)
        try container.encode((settledRecall * 10_000).rounded() / 10_000, forKey: .settledRecall)
    }

    /// For each truth frame, whether each of its prices counts for the settled recall: in view for
    /// at least `settleFrames` frames of its current run before this one.
    public static func settled(_ frames: [TruthFile.Frame], settleFrames: Int) -> [Int: [Bool]] {
        var runs: [String: (index: Int, since: Int)] = [:]
        var settled: [Int: [Bool]] = [:]
        for frame in frames.sorted(by: { $0.index < $1.index }) {
            var next: [String: (index: Int, since: Int)] = [:]
            settled[frame.index] = frame.prices.map { price in
                let key = price.id ?? price.text
                let since: Int
                if let run = runs[key], run.index == frame.index - 1 {
                    since = run.since + 1
                } else {
                    since = 0
                }
                next[key] = (frame.index, since)
                return since >= settleFrames
            }
            runs = next
        }
        return settled
    }

    /// Scores output lines against a truth file: `OVERLAYS` by frame number, `SCAN` by image file name.
    public static func score(truth: TruthFile, output: [OutputLine], settleFrames: Int = 0) -> PriceScore {
        var score = PriceScore()
        score.settleFrames = settleFrames
        let settledByFrame = settled(truth.frames ?? [], settleFrames: settleFrames)
        var allTags = Set<String>(), foundTags = Set<String>()
        let framesByIndex = Dictionary((truth.frames ?? []).map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let imagesByName = Dictionary(
            (truth.images ?? []).map { (($0.file as NSString).lastPathComponent, $0) }, uniquingKeysWith: { first, _ in first })
        for frame in truth.frames ?? [] { for price in frame.prices { allTags.insert(price.id ?? price.text) } }
        for image in truth.images ?? [] { for price in image.prices { allTags.insert("\(image.file)#\(price.id ?? price.text)") } }

        for line in output {
            let expected: [TruthFile.Price]
            let cut: [TruthFile.Price]
            let counts: [Bool]
            let width: Double, height: Double, tagPrefix: String
            if line.class == "OVERLAYS", let index = line.frame, let frame = framesByIndex[index] {
                expected = frame.prices
                cut = frame.cut ?? []
                counts = settledByFrame[index].flatMap { $0.count == expected.count ? $0 : nil } ?? Array(repeating: true, count: expected.count)
                width = Double(line.width ?? truth.width ?? 1)
                height = Double(line.height ?? truth.height ?? 1)
                tagPrefix = ""
            } else if line.class == "SCAN", let path = line.image, let image = imagesByName[(path as NSString).lastPathComponent] {
                expected = image.prices
                cut = image.cut ?? []
                counts = Array(repeating: true, count: expected.count)
                width = Double(image.width)
                height = Double(image.height)
                tagPrefix = "\(image.file)#"
            } else {
                continue
            }
            score.framesScored += 1
            score.truePrices += expected.count
            score.settledTruePrices += counts.filter { $0 }.count
            let read = line.prices ?? []
            var unmatched = Array(expected.indices)
            var unmatchedCut = Array(cut.indices)
            for price in read {
                let centreX = (price.box.x + price.box.width / 2) * width
                let centreY = (price.box.y + price.box.height / 2) * height
                func matches(_ truePrice: TruthFile.Price) -> Bool {
                    truePrice.currency == price.currency
                        && Decimal(string: truePrice.amount) == Decimal(string: price.amount)
                        && truePrice.box.contains(x: centreX, y: centreY, growth: truth.boxGrowth ?? 0)
                }
                if let match = unmatched.firstIndex(where: { matches(expected[$0]) }) {
                    let matched = unmatched.remove(at: match)
                    let truePrice = expected[matched]
                    score.readPrices += 1
                    score.correctReads += 1
                    score.foundPrices += 1
                    if matched < counts.count, counts[matched] { score.settledFoundPrices += 1 }
                    foundTags.insert(tagPrefix + (truePrice.id ?? truePrice.text))
                } else if let match = unmatchedCut.firstIndex(where: { matches(cut[$0]) }) {
                    unmatchedCut.remove(at: match)
                    score.cutReads += 1
                } else if truth.scoring != "labelled"
                    || (expected + cut).contains(where: { $0.box.contains(x: centreX, y: centreY, growth: truth.boxGrowth ?? 0) }) {
                    score.readPrices += 1
                }
            }
        }
        score.tags = allTags.count
        score.tagsFound = foundTags.count
        return score
    }
}

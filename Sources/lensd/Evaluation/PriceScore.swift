import Foundation

/// Recall and precision of prices read by lensd against ground truth.
///
/// A read price matches a true price of the same frame (or image) when the amounts are equal as
/// decimals, the currencies are equal, and the read box's centre lies inside the true box.
/// Each true price matches at most one read price.
struct PriceScore: Encodable, Equatable {
    var framesScored = 0
    var truePrices = 0
    var foundPrices = 0
    var readPrices = 0
    var correctReads = 0
    /// Distinct true price ids (tags) found in at least one frame.
    var tagsFound = 0
    var tags = 0

    var recall: Double { truePrices > 0 ? Double(foundPrices) / Double(truePrices) : 0 }
    var precision: Double { readPrices > 0 ? Double(correctReads) / Double(readPrices) : 0 }
    var f1: Double { recall + precision > 0 ? 2 * recall * precision / (recall + precision) : 0 }

    /// Adds another score's counts (another sequence's), e.g. for an overall row.
    mutating func add(_ other: PriceScore) {
        framesScored += other.framesScored
        truePrices += other.truePrices
        foundPrices += other.foundPrices
        readPrices += other.readPrices
        correctReads += other.correctReads
        tagsFound += other.tagsFound
        tags += other.tags
    }

    enum CodingKeys: String, CodingKey {
        case framesScored, truePrices, foundPrices, readPrices, correctReads, tagsFound, tags, recall, precision, f1
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(framesScored, forKey: .framesScored)
        try container.encode(truePrices, forKey: .truePrices)
        try container.encode(foundPrices, forKey: .foundPrices)
        try container.encode(readPrices, forKey: .readPrices)
        try container.encode(correctReads, forKey: .correctReads)
        try container.encode(tagsFound, forKey: .tagsFound)
        try container.encode(tags, forKey: .tags)
        try container.encode((recall * 10_000).rounded() / 10_000, forKey: .recall)
        try container.encode((precision * 10_000).rounded() / 10_000, forKey: .precision)
        try container.encode((f1 * 10_000).rounded() / 10_000, forKey: .f1)
    }

    /// Scores output lines against a truth file: `OVERLAYS` by frame number, `SCAN` by image file name.
    static func score(truth: TruthFile, output: [OutputLine]) -> PriceScore {
        var score = PriceScore()
        var allTags = Set<String>(), foundTags = Set<String>()
        let framesByIndex = Dictionary((truth.frames ?? []).map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let imagesByName = Dictionary(
            (truth.images ?? []).map { (($0.file as NSString).lastPathComponent, $0) }, uniquingKeysWith: { first, _ in first })
        for frame in truth.frames ?? [] { for price in frame.prices { allTags.insert(price.id ?? price.text) } }
        for image in truth.images ?? [] { for price in image.prices { allTags.insert("\(image.file)#\(price.id ?? price.text)") } }

        for line in output {
            let expected: [TruthFile.Price]
            let width: Double, height: Double, tagPrefix: String
            if line.class == "OVERLAYS", let index = line.frame, let frame = framesByIndex[index] {
                expected = frame.prices
                width = Double(line.width ?? truth.width ?? 1)
                height = Double(line.height ?? truth.height ?? 1)
                tagPrefix = ""
            } else if line.class == "SCAN", let path = line.image, let image = imagesByName[(path as NSString).lastPathComponent] {
                expected = image.prices
                width = Double(image.width)
                height = Double(image.height)
                tagPrefix = "\(image.file)#"
            } else {
                continue
            }
            score.framesScored += 1
            score.truePrices += expected.count
            let read = line.prices ?? []
            score.readPrices += read.count
            var unmatched = Array(expected.indices)
            for price in read {
                let centreX = (price.box.x + price.box.width / 2) * width
                let centreY = (price.box.y + price.box.height / 2) * height
                let match = unmatched.firstIndex { index in
                    let truePrice = expected[index]
                    return truePrice.currency == price.currency
                        && Decimal(string: truePrice.amount) == Decimal(string: price.amount)
                        && truePrice.box.contains(x: centreX, y: centreY)
                }
                guard let match else { continue }
                let truePrice = expected[unmatched.remove(at: match)]
                score.correctReads += 1
                score.foundPrices += 1
                foundTags.insert(tagPrefix + (truePrice.id ?? truePrice.text))
            }
        }
        score.tags = allTags.count
        score.tagsFound = foundTags.count
        return score
    }
}

import Foundation

/// How well `scan --json` output reads a set of real photos (``StillsTruth``): a read is correct
/// when its amount equals a true amount of the same image and its box's centre lies inside that
/// amount's box grown by 15 % (each true amount matched once); for totals, when any read of the
/// image has the total's amount.
public struct StillsScore: Encodable, Sendable {
    public var images = 0
    public var imagesRead = 0
    public var truePrices = 0
    public var found = 0
    /// Reads that count for precision (see ``StillsTruth/Mode``), and the correct ones among them.
    public var reads = 0
    public var correct = 0

    public var recall: Double { truePrices == 0 ? 0 : Double(found) / Double(truePrices) }
    public var precision: Double { reads == 0 ? 0 : Double(correct) / Double(reads) }
    public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }

    /// Growth of a true box, in each direction together, within which a read's centre counts.
    public static let boxGrowth = 0.15

    public static func score(truth: StillsTruth, output: [OutputLine]) -> StillsScore {
        var scans: [String: OutputLine] = [:]
        for line in output where line.class == "SCAN" {
            if let image = line.image { scans[(image as NSString).lastPathComponent] = line }
        }
        var score = StillsScore()
        for image in truth.images {
            score.images += 1
            score.truePrices += image.amounts.count
            guard let scan = scans[image.name], let width = scan.width, let height = scan.height else { continue }
            score.imagesRead += 1
            let reads = (scan.prices ?? []).map { price in
                (amount: Decimal(string: price.amount), x: (price.box.x + price.box.width / 2) * Double(width),
                 y: (price.box.y + price.box.height / 2) * Double(height))
            }
            if truth.mode == .totals {
                let hit = image.total.map { total in reads.contains { $0.amount == total } } ?? false
                score.found += hit ? 1 : 0
                score.reads += 1
                score.correct += hit ? 1 : 0
                continue
            }
            var used = Set<Int>()
            for amount in image.amounts {
                guard let box = amount.box else { continue }
                if let index = reads.indices.first(where: { !used.contains($0) && reads[$0].amount == amount.value && grown(box).contains(reads[$0]) }) {
                    used.insert(index)
                    score.found += 1
                }
            }
            for index in reads.indices where !used.contains(index) {
                let read = reads[index]
                if image.ignored.contains(where: { grown($0).contains(read) }) { continue }
                if truth.mode == .bare, !image.amounts.contains(where: { $0.box.map { grown($0).contains(read) } ?? false }) { continue }
                score.reads += 1
            }
            score.reads += used.count
            score.correct += used.count
        }
        return score
    }

    private struct Area {
        var x0, y0, x1, y1: Double
        func contains(_ point: (amount: Decimal?, x: Double, y: Double)) -> Bool {
            point.x >= x0 && point.x <= x1 && point.y >= y0 && point.y <= y1
        }
    }

    private static func grown(_ box: (x: Double, y: Double, width: Double, height: Double)) -> Area {
        let dx = box.width * boxGrowth / 2, dy = box.height * boxGrowth / 2
        return Area(x0: box.x - dx, y0: box.y - dy, x1: box.x + box.width + dx, y1: box.y + box.height + dy)
    }

    public var table: String {
        """
        images          \(imagesRead) of \(images) read
        true prices     \(truePrices)   found \(found)   recall    \(String(format: "%.3f", recall))
        read prices     \(reads)   correct \(correct)   precision \(String(format: "%.3f", precision))
        F1              \(String(format: "%.3f", f1))
        """
    }
}

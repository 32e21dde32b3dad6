import Foundation

/// Price scores (``PriceScore``) of several sequences, one row per condition, and their sum.
///
/// A condition is named by its truth file's `name` (the generator writes the sequence name, which
/// `bench/conditions.sh` sets to the condition), else by the directory holding the truth file.
public struct ConditionScores: Encodable, Sendable {
    /// One scored sequence.
    public struct Row: Encodable, Sendable {
        public var condition: String
        public var score: PriceScore

        public init(condition: String, score: PriceScore) {
            self.condition = condition
            self.score = score
        }
    }

    public var rows: [Row] = []

    public init() {}

    /// Every row's counts added up: recall and precision over all prices of all conditions.
    public var overall: PriceScore {
        rows.reduce(into: PriceScore()) { total, row in total.add(row.score) }
    }

    public enum CodingKeys: String, CodingKey {
        case conditions, overall
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rows, forKey: .conditions)
        try container.encode(overall, forKey: .overall)
    }

    /// The name of a condition: the truth file's `name`, else its directory's name.
    public static func conditionName(truth: TruthFile, path: String) -> String {
        if let name = truth.name, !name.isEmpty { return name }
        let directory = (path as NSString).deletingLastPathComponent
        return (directory as NSString).lastPathComponent
    }

    /// A fixed-width table: one line per condition, then `overall`; with a settled recall
    /// (``PriceScore/settleFrames`` above 0) in a last column and a line saying what it leaves out,
    /// and a line counting the reads of prices cut by the frame's edge, when there are any.
    public var table: String {
        let settleFrames = overall.settleFrames
        func line(_ name: String, _ score: PriceScore) -> String {
            var figures = String(
                format: "%7d %6d %6d %6d %8d %7.3f %9.3f %7.3f",
                score.framesScored, score.truePrices, score.foundPrices, score.readPrices, score.correctReads,
                score.recall, score.precision, score.f1)
            if settleFrames > 0 { figures += String(format: " %7.3f", score.settledRecall) }
            return name.padding(toLength: max(12, name.count), withPad: " ", startingAt: 0) + figures
        }
        var lines = ["condition     frames   true  found   read  correct  recall precision      F1" + (settleFrames > 0 ? " settled" : "")]
        lines += rows.map { line($0.condition, $0.score) }
        lines.append(line("overall", overall))
        if overall.cutReads > 0 {
            lines.append("not scored: \(overall.cutReads) reads of prices cut by the frame's edge (neither correct nor false)")
        }
        if settleFrames > 0 {
            lines.append("settled: recall without each price's first \(settleFrames) frames after it came into view (prices in view on the first frame always count)")
        }
        return lines.joined(separator: "\n")
    }
}

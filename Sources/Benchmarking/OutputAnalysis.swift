import Evaluation
import Foundation

/// What `lensd bench` reads from a finished replay's NDJSON output: its final `STATS`, and the
/// price and tracking scores against the sequence's ground truth when there is one (the same
/// ``PriceScore`` and ``TrackScore`` as `lensd eval`).
struct OutputAnalysis: Sendable {
    var stats: FinalStats
    var prices: PriceScore?
    var tracking: TrackScore?

    /// Frames in full view before a price counts for the settled recall: a third of a second at
    /// 30 fps, as a live reader's reads land a few frames after their frame.
    static let settleFrames = 10

    private static let overlaysPrefix = Array(#"{"class":"OVERLAYS""#.utf8)

    /// Reads the output file at `path`; scores it when `truth` is given.
    static func read(path: String, truth: TruthFile?) throws(BenchError) -> OutputAnalysis {
        let data: [UInt8]
        do {
            data = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .io("cannot read \(path): \(error.localizedDescription)")
        }
        let lines = data.split(separator: UInt8(ascii: "\n"))
        guard let stats = FinalStats.last(in: lines) else { throw .noFinalStats(path) }
        guard let truth else { return OutputAnalysis(stats: stats) }
        // Looped replays keep numbering frames: only the first pass has truth.
        let truthFrames = Set((truth.frames ?? []).map(\.index))
        let decoder = JSONDecoder()
        let overlays = lines.lazy.filter { $0.starts(with: overlaysPrefix) }
            .compactMap { try? decoder.decode(OutputLine.self, from: Data($0)) }
            .filter { $0.frame.map(truthFrames.contains) ?? false }
        let output = Array(overlays)
        return OutputAnalysis(
            stats: stats,
            prices: PriceScore.score(truth: truth, output: output, settleFrames: settleFrames),
            tracking: truth.frames == nil ? nil : TrackScore.score(truth: truth, output: output))
    }
}

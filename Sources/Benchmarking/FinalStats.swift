import Foundation
import LensProtocol

/// The figures `lensd bench` reads back from the child's final `STATS` line (docs/protocol.md).
struct FinalStats: Decodable, Sendable {
    var framesIn: Int
    var framesProcessed: Int
    var framesDropped: Int
    var queueMaxDepth: Int
    var errors: Int
    var wallSeconds: Double
    var fpsIn: Double
    var fpsOut: Double
    var ocrMsMean: Double
    var workers: Int
    var final: Bool
    var drops: DropsMessage
    var latency: StageLatenciesMessage?
    var firstOverlaysMs: Double?
    var ocrQueueMaxDepth: Int?

    private static let prefix = Array(#"{"class":"STATS""#.utf8)

    /// The last `STATS` line with `final: true` among `lines`, or nil.
    static func last<Lines: BidirectionalCollection>(in lines: Lines) -> FinalStats? where Lines.Element == ArraySlice<UInt8> {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        for line in lines.reversed() where line.starts(with: prefix) {
            if let stats = try? decoder.decode(FinalStats.self, from: Data(line)), stats.final {
                return stats
            }
        }
        return nil
    }
}

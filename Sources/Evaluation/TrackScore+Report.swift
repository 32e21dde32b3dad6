import Foundation

extension TrackScore: Encodable {
    public enum CodingKeys: String, CodingKey {
        case framesScored, tags, tagsFound, missedTags, tracks, matches, idSwitches, fragmentedTags, fragments,
            mergedTracks, merges, falseTracks, centreErrorMean, centreErrorP95, edgeErrorMean, edgeErrorP95,
            jitterRms, jitterPairs, valueFlips, flippedTracks, confirmSecondsMean, confirmSecondsP95,
            confirmInViewSecondsMean, confirmInViewSecondsP95, enteringTags, confirmEnteringSecondsMean,
            confirmEnteringSecondsP95
    }

    /// Counts as integers, pixel and second figures rounded to 3 decimals.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        try container.encode(framesScored, forKey: .framesScored)
        try container.encode(tags, forKey: .tags)
        try container.encode(tagsFound, forKey: .tagsFound)
        try container.encode(missedTags, forKey: .missedTags)
        try container.encode(tracks, forKey: .tracks)
        try container.encode(matches, forKey: .matches)
        try container.encode(idSwitches, forKey: .idSwitches)
        try container.encode(fragmentedTags, forKey: .fragmentedTags)
        try container.encode(fragments, forKey: .fragments)
        try container.encode(mergedTracks, forKey: .mergedTracks)
        try container.encode(merges, forKey: .merges)
        try container.encode(falseTracks, forKey: .falseTracks)
        try container.encode(rounded(centreErrorMean), forKey: .centreErrorMean)
        try container.encode(rounded(centreErrorP95), forKey: .centreErrorP95)
        try container.encode(rounded(edgeErrorMean), forKey: .edgeErrorMean)
        try container.encode(rounded(edgeErrorP95), forKey: .edgeErrorP95)
        try container.encode(rounded(jitterRMS), forKey: .jitterRms)
        try container.encode(jitterPairs, forKey: .jitterPairs)
        try container.encode(valueFlips, forKey: .valueFlips)
        try container.encode(flippedTracks, forKey: .flippedTracks)
        try container.encode(rounded(confirmSecondsMean), forKey: .confirmSecondsMean)
        try container.encode(rounded(confirmSecondsP95), forKey: .confirmSecondsP95)
        try container.encode(rounded(confirmInViewSecondsMean), forKey: .confirmInViewSecondsMean)
        try container.encode(rounded(confirmInViewSecondsP95), forKey: .confirmInViewSecondsP95)
        try container.encode(enteringTags, forKey: .enteringTags)
        try container.encode(rounded(confirmEnteringSecondsMean), forKey: .confirmEnteringSecondsMean)
        try container.encode(rounded(confirmEnteringSecondsP95), forKey: .confirmEnteringSecondsP95)
    }

    /// The score as an aligned two-column table for people.
    public var table: String {
        func px(_ value: Double) -> String { String(format: "%.2f px", value) }
        func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
        let rows: [(String, String)] = [
            ("frames scored", "\(framesScored)"),
            ("tags (true ids)", "\(tags)   found \(tagsFound)   missed \(missedTags)"),
            ("tracks (lensd ids)", "\(tracks)   matched prices \(matches)"),
            ("id switches", "\(idSwitches)"),
            ("fragmented tags", "\(fragmentedTags)   extra ids \(fragments)"),
            ("merged tracks", "\(mergedTracks)   extra tags \(merges)"),
            ("false tracks", "\(falseTracks)"),
            ("box centre error", "mean \(px(centreErrorMean))   p95 \(px(centreErrorP95))"),
            ("box edge error", "mean \(px(edgeErrorMean))   p95 \(px(edgeErrorP95))"),
            ("jitter (RMS)", "\(px(jitterRMS))   over \(jitterPairs) frame pairs"),
            ("value flips", "\(valueFlips)   in \(flippedTracks) tracks"),
            ("time to confirm", "mean \(seconds(confirmSecondsMean))   p95 \(seconds(confirmSecondsP95))"),
            ("  of it in view", "mean \(seconds(confirmInViewSecondsMean))   p95 \(seconds(confirmInViewSecondsP95))"),
            (
                "  tags coming into view",
                "\(enteringTags): in view mean \(seconds(confirmEnteringSecondsMean))   p95 \(seconds(confirmEnteringSecondsP95))"
            ),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}

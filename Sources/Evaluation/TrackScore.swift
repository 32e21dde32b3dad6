import Foundation

/// Tracking quality of lensd's `OVERLAYS` output against a sequence's per-frame ground truth.
///
/// A *track* is a lensd price `id`; a *tag* is a ground-truth price `id`. Every `OVERLAYS` line
/// whose frame has a truth entry is matched with ``TrackMatch/matches(read:truth:width:height:)``
/// (equal amount and currency, lensd's box centre inside the true box). "Shown after
/// confirmation" means a state other than `tentative`. The metrics:
///
/// - ``idSwitches``: for each tag, the number of times the track it matches differs from the
///   track it matched the last time it was matched (gaps in between, such as the tag leaving the
///   view, do not reset this). A tag re-found under a new id after leaving the view counts one.
/// - ``fragmentedTags`` / ``fragments``: tags matched by more than one track over the sequence,
///   and the extra tracks summed over tags (distinct tracks − 1 per tag).
/// - ``mergedTracks`` / ``merges``: tracks matched to more than one tag (an id that jumped to a
///   neighbouring equal price), and the extra tags summed over tracks.
/// - ``falseTracks``: tracks that appear but never match any tag in any frame.
/// - ``centreErrorMean`` / ``centreErrorP95``: distance between lensd's and the true box centre,
///   in pixels, over matches shown after confirmation; ``edgeErrorMean`` / ``edgeErrorP95``: the
///   mean absolute offset of the four edges, same population.
/// - ``jitterRMS``: over consecutive processed frames where the same tag is matched by the same
///   track, shown after confirmation in both, the residual r = Δ(lensd centre) − Δ(true centre);
///   the root mean square of |r| in pixels (motion that the true motion does not explain).
/// - ``valueFlips`` / ``flippedTracks``: the number of times a track's (amount, currency) differs
///   from its value in the previous line it appeared in, and the tracks that flipped at least once
///   (all appearances count, matched or not).
/// - ``confirmSecondsMean`` / ``confirmSecondsP95``: per tag, seconds from the first frame the
///   truth lists it (fully visible) to the first frame it is matched by a price shown after
///   confirmation, `(frame − first frame) / fps`; tags never matched that way are ``missedTags``.
/// - ``confirmInViewSecondsMean`` / ``confirmInViewSecondsP95``: as above, but counting only the
///   frames the truth lists the tag in (fully visible) before that confirmation, `frames / fps`: a
///   tag that showed for a few frames, left the view and came back is not charged for the time it
///   was out of sight (there was nothing to read), only for the time it was there to be read.
/// - ``confirmEnteringSecondsMean`` / ``confirmEnteringSecondsP95``: the in-view figure over the
///   ``enteringTags`` only, those not in full view on the first frame the truth lists: prices that
///   *come* into view while lensd runs. The tags in view from the start are confirmed after the
///   OCR workers start and the first frame's lines are read, which is a start-up time.
///
/// Percentiles use the nearest-rank method. Means and percentiles of an empty population are 0.
public struct TrackScore: Equatable, Sendable {
    public var framesScored = 0
    /// Tags listed in the truth of at least one frame.
    public var tags = 0
    /// Tags matched, shown after confirmation, in at least one frame.
    public var tagsFound = 0
    public var missedTags = 0
    /// Distinct track ids in the output of scored frames.
    public var tracks = 0
    public var matches = 0
    public var idSwitches = 0
    public var fragmentedTags = 0
    public var fragments = 0
    public var mergedTracks = 0
    public var merges = 0
    public var falseTracks = 0
    public var centreErrorMean = 0.0
    public var centreErrorP95 = 0.0
    public var edgeErrorMean = 0.0
    public var edgeErrorP95 = 0.0
    public var jitterRMS = 0.0
    /// Frame pairs that contributed to ``jitterRMS``.
    public var jitterPairs = 0
    public var valueFlips = 0
    public var flippedTracks = 0
    public var confirmSecondsMean = 0.0
    public var confirmSecondsP95 = 0.0
    public var confirmInViewSecondsMean = 0.0
    public var confirmInViewSecondsP95 = 0.0
    /// Tags not in full view on the first frame of the truth (see ``confirmEnteringSecondsMean``).
    public var enteringTags = 0
    public var confirmEnteringSecondsMean = 0.0
    public var confirmEnteringSecondsP95 = 0.0

    /// Scores `OVERLAYS` lines against a sequence's truth; other lines are ignored.
    /// - Parameter fps: frame rate for time-to-confirm when the truth file has none (default 30).
    public static func score(truth: TruthFile, output: [OutputLine], fps defaultFPS: Double = 30) -> TrackScore {
        let fps = truth.fps.flatMap { $0 > 0 ? $0 : nil } ?? defaultFPS
        let truthFrames = (truth.frames ?? []).sorted { $0.index < $1.index }
        let framesByIndex = Dictionary(truthFrames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        var firstVisible: [String: Int] = [:]
        var visibleFrames: [String: [Int]] = [:]
        for frame in truthFrames {
            for price in frame.prices {
                guard let id = price.id else { continue }
                if firstVisible[id] == nil { firstVisible[id] = frame.index }
                visibleFrames[id, default: []].append(frame.index)
            }
        }

        var score = TrackScore()
        var lastTrackOfTag: [String: String] = [:]
        var tracksOfTag: [String: Set<String>] = [:]
        var tagsOfTrack: [String: Set<String>] = [:]
        var seenTracks = Set<String>()
        var lastValue: [String: (Decimal?, String)] = [:]
        var flipped = Set<String>()
        var firstConfirmed: [String: Int] = [:]
        var centreErrors: [Double] = [], edgeErrors: [Double] = []
        var squaredResiduals = 0.0
        var previous: [String: TrackMatch] = [:]  // by tag, confirmed matches of the previous scored frame

        let lines = output.filter { $0.class == "OVERLAYS" && $0.frame.map { framesByIndex[$0] != nil } == true }
            .sorted { ($0.frame ?? 0) < ($1.frame ?? 0) }
        for line in lines {
            guard let index = line.frame, let frame = framesByIndex[index] else { continue }
            score.framesScored += 1
            let read = line.prices ?? []
            for price in read {
                seenTracks.insert(price.id)
                let value = (Decimal(string: price.amount), price.currency)
                if let last = lastValue[price.id], last.0 != value.0 || last.1 != value.1 {
                    score.valueFlips += 1
                    flipped.insert(price.id)
                }
                lastValue[price.id] = value
            }
            let width = Double(line.width ?? truth.width ?? 1), height = Double(line.height ?? truth.height ?? 1)
            let matches = TrackMatch.matches(read: read, truth: frame.prices, width: width, height: height)
            var current: [String: TrackMatch] = [:]
            for match in matches {
                score.matches += 1
                if let last = lastTrackOfTag[match.truthID], last != match.trackID { score.idSwitches += 1 }
                lastTrackOfTag[match.truthID] = match.trackID
                tracksOfTag[match.truthID, default: []].insert(match.trackID)
                tagsOfTrack[match.trackID, default: []].insert(match.truthID)
                guard match.confirmed else { continue }
                if firstConfirmed[match.truthID] == nil { firstConfirmed[match.truthID] = index }
                centreErrors.append(match.centreError)
                edgeErrors.append(match.edgeError)
                if let before = previous[match.truthID], before.trackID == match.trackID {
                    let rx = (match.box.centreX - before.box.centreX) - (match.truthBox.centreX - before.truthBox.centreX)
                    let ry = (match.box.centreY - before.box.centreY) - (match.truthBox.centreY - before.truthBox.centreY)
                    squaredResiduals += rx * rx + ry * ry
                    score.jitterPairs += 1
                }
                current[match.truthID] = match
            }
            previous = current
        }

        score.tags = firstVisible.count
        score.tagsFound = firstConfirmed.count
        score.missedTags = score.tags - score.tagsFound
        score.tracks = seenTracks.count
        score.fragmentedTags = tracksOfTag.values.filter { $0.count > 1 }.count
        score.fragments = tracksOfTag.values.reduce(0) { $0 + $1.count - 1 }
        score.mergedTracks = tagsOfTrack.values.filter { $0.count > 1 }.count
        score.merges = tagsOfTrack.values.reduce(0) { $0 + $1.count - 1 }
        score.falseTracks = seenTracks.subtracting(tagsOfTrack.keys).count
        score.flippedTracks = flipped.count
        score.centreErrorMean = mean(centreErrors)
        score.centreErrorP95 = percentile95(centreErrors)
        score.edgeErrorMean = mean(edgeErrors)
        score.edgeErrorP95 = percentile95(edgeErrors)
        score.jitterRMS = score.jitterPairs > 0 ? (squaredResiduals / Double(score.jitterPairs)).squareRoot() : 0
        let delays = firstConfirmed.compactMap { tag, frame in firstVisible[tag].map { Double(frame - $0) / fps } }
        score.confirmSecondsMean = mean(delays)
        score.confirmSecondsP95 = percentile95(delays)
        func inViewSeconds(_ tag: String, confirmedOn frame: Int) -> Double? {
            visibleFrames[tag].map { frames in Double(frames.count { $0 < frame }) / fps }
        }
        let exposures = firstConfirmed.compactMap { tag, frame in inViewSeconds(tag, confirmedOn: frame) }
        score.confirmInViewSecondsMean = mean(exposures)
        score.confirmInViewSecondsP95 = percentile95(exposures)
        let startFrame = truthFrames.first?.index
        let entering = Set(firstVisible.filter { $0.value != startFrame }.keys)
        score.enteringTags = entering.count
        let enteringExposures = firstConfirmed.filter { entering.contains($0.key) }
            .compactMap { tag, frame in inViewSeconds(tag, confirmedOn: frame) }
        score.confirmEnteringSecondsMean = mean(enteringExposures)
        score.confirmEnteringSecondsP95 = percentile95(enteringExposures)
        return score
    }

    private static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// Nearest-rank 95th percentile: the smallest value with at least 95 % of the values at or below it.
    private static func percentile95(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((0.95 * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }
}

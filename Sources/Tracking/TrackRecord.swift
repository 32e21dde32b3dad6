import PriceParsing

/// Everything the tracker remembers about one track.
struct TrackRecord: Sendable {
    /// The public id (`p1`, …), given when the track is first shown.
    var number: Int?
    /// Unique among the tracker's tracks from creation on (shown or not), for ``TrackSummary/key``.
    let serial: Int
    let createdAt: Double
    /// Time the box filter was last advanced to.
    var time: Double
    var lastHitAt: Double
    var hits: Int
    var consecutiveMisses: Int
    var state: TrackState
    var locked: Bool
    var filter: BoxFilter
    var vote: ValueVote
    /// What was last published, to tell which events to emit.
    var published: TrackedPrice?

    var id: String? { number.map { "p\($0)" } }

    init(detection: DetectedPrice, time: Double, serial: Int, configuration: PriceTracker.Configuration) {
        self.number = nil
        self.serial = serial
        self.createdAt = time
        self.time = time
        self.lastHitAt = time
        self.hits = 1
        self.consecutiveMisses = 0
        self.state = configuration.confirmAfterHits <= 1 ? .confirmed : .tentative
        self.locked = false
        self.filter = BoxFilter(
            box: detection.box,
            measurementNoise: configuration.measurementNoise,
            sizeNoise: configuration.sizeNoise
        )
        self.vote = ValueVote(
            first: detection,
            historyLength: configuration.voteHistoryLength,
            minimumReadsToChange: configuration.minimumReadsToChangeValue
        )
    }

    /// The track as shown, with the given id.
    func snapshot(id: String, now: Double) -> TrackedPrice {
        let read = vote.supportingRead
        return TrackedPrice(
            id: id,
            text: read.text,
            amount: read.key.amount,
            currency: read.key.currency,
            currencyEvidence: read.evidence,
            box: filter.box,
            confidence: vote.confidence,
            locked: locked,
            state: state,
            age: max(0, now - createdAt),
            unit: vote.unit,
            quantity: vote.quantity
        )
    }
}

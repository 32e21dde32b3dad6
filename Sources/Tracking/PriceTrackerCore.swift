import PriceParsing
import SceneAnalysis

/// The state and the per-frame algorithm of a `PriceTracker`, without synchronisation.
///
/// Each `update` runs, in order: advance every track's box filter to the frame time and apply
/// the image motion; pair detections with tracks (`AssignmentSolver` over `AssociationCost`);
/// fold matched reads into boxes and value votes; count a miss for every unmatched track and
/// end it if not read for long enough or gone out of the frame; start tentative tracks for
/// unmatched detections that do not duplicate a live track; publish the visible tracks and the
/// events.
///
/// Without `imageMotion`, the camera's motion is guessed from the tracks themselves: the median
/// offset between the confirmed tracks' reads and their predictions moves the tracks not read in
/// this frame (with `imageMotion` that offset is mostly jitter, so it is not used).
///
/// A frame without `imageMotion` between frames with it (the estimator could not tell, as under
/// strong motion blur) moves the tracks by the camera's last velocity, for at most
/// `motionGuessFrames` frames in a row.
///
/// A track not read for `endAfterSeconds` (a locked one, or one kept alive by a slow OCR rate)
/// loses its velocity, so from then on it only moves with the image.
struct PriceTrackerCore: Sendable {
    let configuration: PriceTracker.Configuration
    private let associationCost: AssociationCost
    /// Live tracks in creation order (ended tracks are removed once published).
    private var tracks: [TrackRecord] = []
    private var nextNumber = 1
    private var nextSerial = 1
    private var now: Double?
    /// The camera's last measured velocity (image pixels per second), from the last `imageMotion`.
    private var cameraVelocity: (dx: Double, dy: Double)?
    /// Frames in a row whose missing `imageMotion` was guessed from `cameraVelocity`.
    private var guessedMotionFrames = 0
    /// Events of the most recent `update` or `predict`.
    private(set) var events: [TrackEvent] = []

    init(configuration: PriceTracker.Configuration) {
        self.configuration = configuration
        self.associationCost = AssociationCost(configuration: configuration)
    }

    var lockedID: String? {
        tracks.first { $0.locked }?.id
    }

    mutating func update(
        detections: [DetectedPrice], at requestedTime: Double, imageMotion: ImageMotion?,
        frameSize: (width: Double, height: Double)?, observed: [PixelRect]? = nil, startingTracks: Bool = true
    ) -> [TrackedPrice] {
        let time = advance(to: requestedTime, imageMotion: imageMotion, frameSize: frameSize)
        let usable = detections.filter(Self.isUsable)
        let pairs = associate(usable)
        let formationShift = Self.commonShift(of: pairs.compactMap { pair -> (dx: Double, dy: Double)? in
            let track = tracks[pair.track]
            guard imageMotion == nil, track.state != .tentative else { return nil }
            let predicted = track.filter.box, read = usable[pair.detection].box
            return (read.midX - predicted.midX, read.midY - predicted.midY)
        })
        var matchedTracks = Set<Int>()
        var matchedDetections = Set<Int>()
        for pair in pairs {
            matchedTracks.insert(pair.track)
            matchedDetections.insert(pair.detection)
            hit(trackAt: pair.track, with: usable[pair.detection], at: time)
        }
        for index in tracks.indices where !matchedTracks.contains(index) {
            if let formationShift {
                tracks[index].filter.move(by: ImageMotion(dx: formationShift.dx, dy: formationShift.dy))
            }
            if Self.wasObserved(tracks[index].filter.box, in: observed) {
                miss(trackAt: index, at: time)
            }
        }
        endTracksOutside(frameSize, sparing: matchedTracks)
        endPartialTracks()
        endDuplicateTracks()
        let unmatched = startingTracks ? usable.indices.filter { !matchedDetections.contains($0) } : []
        // Whole reads start tracks before partial reads of the same price in this batch (`£52` of
        // `£52.92`, from another pass: at least half a text height narrower), which then count as
        // duplicates; otherwise the most confident first.
        let isPartial = unmatched.map { index in
            let box = usable[index].box
            return unmatched.contains { other in
                other != index && usable[other].box.width >= box.width + box.height / 2
                    && Self.isMostlyInside(box, usable[other].box)
            }
        }
        let newcomers = unmatched.indices
            .sorted {
                if isPartial[$0] != isPartial[$1] { return !isPartial[$0] }
                return ValueVote.weight(ofConfidence: usable[unmatched[$0]].confidence)
                    > ValueVote.weight(ofConfidence: usable[unmatched[$1]].confidence)
            }
            .map { unmatched[$0] }
        for index in newcomers {
            start(with: usable[index], at: time)
        }
        return publish(at: time)
    }

    mutating func predict(
        at requestedTime: Double, imageMotion: ImageMotion?, frameSize: (width: Double, height: Double)?
    ) -> [TrackedPrice] {
        let time = advance(to: requestedTime, imageMotion: imageMotion, frameSize: frameSize)
        endTracksOutside(frameSize, sparing: [])
        return publish(at: time)
    }

    /// Every live track, shown or not, for a caller that decides what to read next.
    var summaries: [TrackSummary] {
        tracks.filter { $0.state != .ended }.map { track in
            TrackSummary(
                key: track.serial, id: track.id, box: track.filter.box, state: track.state, locked: track.locked,
                lastReadAt: track.lastHitAt, reads: track.hits,
                assumedCurrency: track.vote.supportingRead.evidence == .default)
        }
    }

    /// Whether a track whose box is `box` was in the area read (`nil`: the whole frame was read).
    static func wasObserved(_ box: PixelRect, in observed: [PixelRect]?) -> Bool {
        guard let observed else { return true }
        let x = box.midX, y = box.midY
        return observed.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
    }

    mutating func lock(id: String) throws(TrackerError) {
        guard let index = tracks.firstIndex(where: { $0.id == id && $0.state != .ended }) else {
            throw TrackerError.unknownTrack(id)
        }
        unlock()
        tracks[index].locked = true
        if tracks[index].state == .tentative {
            tracks[index].state = .confirmed
        }
    }

    mutating func unlock() {
        for index in tracks.indices {
            tracks[index].locked = false
        }
    }

    /// Ends every track now (a camera switch or a seek) and forgets the camera's motion; `events`
    /// then lists their `end` events. Ids keep counting, so none is reused.
    mutating func reset() {
        for index in tracks.indices {
            tracks[index].locked = false
            tracks[index].state = .ended
        }
        cameraVelocity = nil
        guessedMotionFrames = 0
        _ = publish(at: now ?? 0)
    }

    // MARK: - Steps

    /// Moves every track to `requestedTime` (never backwards) and returns the time used.
    private mutating func advance(
        to requestedTime: Double, imageMotion: ImageMotion?, frameSize: (width: Double, height: Double)?
    ) -> Double {
        var time = requestedTime.isFinite ? requestedTime : (now ?? 0)
        let elapsed = now.map { max(0, time - $0) } ?? 0
        if let now, time < now { time = now }
        now = time
        let motion = cameraMotion(measured: imageMotion, elapsed: elapsed, frameSize: frameSize)
        let motionNoise = motion == nil ? configuration.uncompensatedMotionNoise : configuration.motionNoise
        for index in tracks.indices {
            if time - tracks[index].lastHitAt >= configuration.endAfterSeconds {
                tracks[index].filter.stop()
            }
            tracks[index].filter.predict(dt: time - tracks[index].time, motionNoise: motionNoise)
            if let motion {
                tracks[index].filter.move(by: motion)
            }
            tracks[index].time = time
        }
        return time
    }

    /// The image motion to apply: the measured one when given (remembering the camera's velocity,
    /// the shift at the frame's centre), else for a few frames that velocity carried on as a shift,
    /// else none.
    private mutating func cameraMotion(
        measured: ImageMotion?, elapsed: Double, frameSize: (width: Double, height: Double)?
    ) -> ImageMotion? {
        if let measured, measured.isFinite {
            let centre = measured.displacement(atX: (frameSize?.width ?? 0) / 2, y: (frameSize?.height ?? 0) / 2)
            cameraVelocity = elapsed > 0 ? (centre.dx / elapsed, centre.dy / elapsed) : cameraVelocity
            guessedMotionFrames = 0
            return measured
        }
        guard let velocity = cameraVelocity, guessedMotionFrames < configuration.motionGuessFrames else {
            cameraVelocity = nil
            return nil
        }
        guessedMotionFrames += 1
        return ImageMotion(dx: velocity.dx * elapsed, dy: velocity.dy * elapsed)
    }

    /// Ends the unlocked tracks whose box is mostly outside the frame, except those just read
    /// (a read is proof enough that the price is still in view).
    private mutating func endTracksOutside(_ frameSize: (width: Double, height: Double)?, sparing read: Set<Int>) {
        guard let frameSize, frameSize.width > 0, frameSize.height > 0 else { return }
        let frame = PixelRect(x: 0, y: 0, width: frameSize.width, height: frameSize.height)
        for index in tracks.indices where !tracks[index].locked && !read.contains(index) {
            let box = tracks[index].filter.box
            let inside = box.intersection(frame)?.area ?? 0
            if inside < configuration.minimumVisibleFraction * box.area {
                tracks[index].state = .ended
            }
        }
    }

    /// Ends a track that shows part of another's price: its box mostly inside the other's, which
    /// is wider by half a text height or more, and either its value that price with the cents
    /// lost (`€82` in `€82.99`, their raised cents lost in most reads) or its leading group lost
    /// (`174 Kč` in `1 174 Kč`), or it was missed since the
    /// other was read (a coasting `£29`, misread from the `€82.99` coming into view, whose line
    /// read as `€82.99` since). Both began as reads of one tag that did not match each other;
    /// the whole one, once confirmed, stands for it.
    private mutating func endPartialTracks() {
        for index in tracks.indices where tracks[index].state != .ended && !tracks[index].locked {
            let part = tracks[index], box = part.filter.box, shown = part.vote.shown
            let covered = tracks.indices.contains { other in
                let whole = tracks[other]
                guard other != index, whole.state == .confirmed || whole.state == .coasting,
                    whole.filter.box.width >= box.width + box.height / 2, Self.isMostlyInside(box, whole.filter.box)
                else { return false }
                let value = whole.vote.shown
                if part.state == .coasting, whole.state == .confirmed, whole.lastHitAt > part.lastHitAt, value != shown {
                    return true
                }
                return value.currency == shown.currency && value.amount != shown.amount
                    && (value.amount.rounded(toPlaces: 0, .down) == shown.amount || ValueVote.lostLeadingGroup(shown.amount, of: value.amount))
            }
            if covered { tracks[index].state = .ended }
        }
    }

    /// Ends a track that shows the same price as another over the same place: its box mostly
    /// inside the other's, or the other's inside its own, or overlapping by ``PriceTracker/Configuration/duplicateIoU``.
    /// Two reads of one tag that did not match each other (a tight `$36.99` and one taken with
    /// the glare around it, twice as high) each started a track, and both were shown on 15 frames of
    /// a generated glare sequence. The track kept is the locked one, else the one shown longer
    /// (confirmed before tentative), else the one read more often, else the older.
    private mutating func endDuplicateTracks() {
        func rank(_ track: TrackRecord) -> (Int, Int, Int, Int) {
            (track.locked ? 1 : 0, track.state == .tentative ? 0 : 1, track.hits, -track.serial)
        }
        for index in tracks.indices where tracks[index].state != .ended && !tracks[index].locked {
            let track = tracks[index], box = track.filter.box, shown = track.vote.shown
            let duplicated = tracks.indices.contains { other in
                let kept = tracks[other]
                // Amounts last: comparing two `Decimal`s of different exponents allocates.
                guard other != index, kept.state != .ended, kept.vote.shown.currency == shown.currency,
                    rank(kept) > rank(track), kept.vote.shown.amount == shown.amount
                else { return false }
                let keptBox = kept.filter.box
                return keptBox.intersectionOverUnion(box) >= configuration.duplicateIoU
                    || Self.isMostlyInside(box, keptBox) || Self.isMostlyInside(keptBox, box)
            }
            if duplicated { tracks[index].state = .ended }
        }
    }

    private func associate(_ detections: [DetectedPrice]) -> [(track: Int, detection: Int)] {
        guard !tracks.isEmpty, !detections.isEmpty else { return [] }
        let costs: [[Double?]] = tracks.map { track in
            let predicted = track.filter.box
            let sinceHit = track.time - track.lastHitAt
            return detections.map { detection in
                associationCost.cost(
                    predicted: predicted,
                    tentative: track.state == .tentative,
                    secondsSinceHit: sinceHit,
                    detection: detection
                ) { track.vote.hasRead($0) }
            }
        }
        let pairs: [(row: Int, column: Int)]
        switch configuration.assignment {
        case .optimal: pairs = AssignmentSolver.optimal(costs)
        case .greedy: pairs = AssignmentSolver.greedy(costs)
        }
        return pairs.map { (track: $0.row, detection: $0.column) }
    }

    private mutating func hit(trackAt index: Int, with detection: DetectedPrice, at time: Double) {
        tracks[index].filter.correct(with: detection.box)
        if !configuration.estimatesVelocity {
            tracks[index].filter.stop()
        }
        if !tracks[index].locked {
            tracks[index].vote.add(detection)
        }
        tracks[index].hits += 1
        tracks[index].consecutiveMisses = 0
        tracks[index].lastHitAt = time
        switch tracks[index].state {
        case .tentative where tracks[index].vote.readsOfShown >= configuration.confirmAfterHits, .coasting:
            tracks[index].state = .confirmed
        case .tentative, .confirmed, .ended:
            break
        }
    }

    private mutating func miss(trackAt index: Int, at time: Double) {
        tracks[index].consecutiveMisses += 1
        if tracks[index].state == .confirmed {
            tracks[index].state = .coasting
        }
        let unread = time - tracks[index].lastHitAt
        if !tracks[index].locked,
            unread >= configuration.endAfterSeconds,
            tracks[index].consecutiveMisses >= configuration.endAfterMisses
        {
            tracks[index].state = .ended
        }
    }

    private mutating func start(with detection: DetectedPrice, at time: Double) {
        let duplicate = tracks.contains { track in
            guard track.state != .ended else { return false }
            let box = track.filter.box
            // A read mostly inside a live track's box is a partial read of it (`90.75` of `USD 190.75`).
            return box.intersectionOverUnion(detection.box) >= configuration.duplicateIoU || Self.isMostlyInside(detection.box, box)
        }
        guard !duplicate else { return }
        tracks.append(TrackRecord(detection: detection, time: time, serial: nextSerial, configuration: configuration))
        nextSerial += 1
    }

    /// Gives ids to tracks shown for the first time, records events and drops ended tracks.
    private mutating func publish(at time: Double) -> [TrackedPrice] {
        events = []
        var shown: [(number: Int, price: TrackedPrice)] = []
        for index in tracks.indices {
            let track = tracks[index]
            if track.state == .ended {
                if let id = track.id, track.published != nil {
                    events.append(TrackEvent(kind: .end, price: track.snapshot(id: id, now: time)))
                }
                continue
            }
            guard isVisible(track) else { continue }
            let number = track.number ?? nextNumber
            if track.number == nil {
                tracks[index].number = number
                tracks[index].vote.commit()
                nextNumber += 1
            }
            let price = track.snapshot(id: "p\(number)", now: time)
            if let previous = track.published {
                if Self.differsForEvents(previous, price) {
                    events.append(TrackEvent(kind: .update, price: price))
                }
            } else {
                events.append(TrackEvent(kind: .new, price: price))
            }
            tracks[index].published = price
            shown.append((number, price))
        }
        tracks.removeAll { $0.state == .ended }
        return shown.sorted { $0.number < $1.number }.map(\.price)
    }

    private func isVisible(_ track: TrackRecord) -> Bool {
        switch track.state {
        case .confirmed, .coasting: return true
        case .tentative: return track.locked || configuration.includeTentative
        case .ended: return false
        }
    }

    /// Whether the change deserves an `update` event: the value, the lock, or leaving `tentative`.
    /// Switching between `confirmed` and `coasting` is not reported: it happens on every missed
    /// OCR frame, and every frame's output carries the state anyway.
    private static func differsForEvents(_ a: TrackedPrice, _ b: TrackedPrice) -> Bool {
        a.amount != b.amount || a.currency != b.currency || a.unit != b.unit || a.quantity != b.quantity
            || a.locked != b.locked || (a.state == .tentative) != (b.state == .tentative)
    }

    /// The median of the read-minus-predicted offsets of the confirmed tracks read in this frame,
    /// when at least two were: the part of the camera's motion that the prediction missed, which
    /// the tracks not read in this frame share.
    private static func commonShift(of offsets: [(dx: Double, dy: Double)]) -> (dx: Double, dy: Double)? {
        guard offsets.count >= 2 else { return nil }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 0 ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        }
        return (median(offsets.map(\.dx)), median(offsets.map(\.dy)))
    }

    /// Whether a detection can be tracked: a finite box of positive size and a number as amount.
    /// Whether at least 70 % of `inner` lies inside `outer`.
    static func isMostlyInside(_ inner: PixelRect, _ outer: PixelRect) -> Bool {
        (outer.intersection(inner)?.area ?? 0) >= 0.7 * inner.area
    }

    static func isUsable(_ detection: DetectedPrice) -> Bool {
        let box = detection.box
        return box.x.isFinite && box.y.isFinite && box.width.isFinite && box.height.isFinite
            && box.width > 0 && box.height > 0 && !detection.amount.isNaN
    }
}

import Capture
import OCR
import SceneAnalysis
import Testing
import Tracking
@testable import Pipeline

@Suite("OCRScheduler")
struct OCRSchedulerTests {
    static let width = 640, height = 480

    static func frame(_ sequence: UInt64) throws -> Frame {
        try Frame(luma: [UInt8](repeating: 0, count: width * height), width: width, height: height, stride: width,
                  sequence: sequence, timestamp: .now())
    }

    static func still() -> SceneChange {
        SceneChange(motion: .identity, isStill: true, changed: CellMask(cellSize: 16, frameWidth: width, frameHeight: height))
    }

    static func moved(dx: Double, dy: Double) -> SceneChange {
        SceneChange(motion: ImageMotion(dx: dx, dy: dy), isStill: false, changed: CellMask(cellSize: 16, frameWidth: width, frameHeight: height))
    }

    static func track(_ key: Int, _ state: TrackState, locked: Bool = false, lastReadAt: Double = 0) -> TrackSummary {
        TrackSummary(key: key, id: state == .tentative ? nil : "p\(key)", box: PixelRect(x: 100, y: 100, width: 80, height: 20),
                     state: state, locked: locked, lastReadAt: lastReadAt, reads: 2)
    }

    static func result(of job: OCRJob, dropped: Bool = false) -> OCRJobResult {
        OCRJobResult(job: job.id, kind: job.kind, frameSequence: job.frame.sequence, frameTime: job.time,
                     frameWidth: job.frame.width, frameHeight: job.frame.height, dropped: dropped)
    }

    static func scanMask(_ jobs: [OCRJob]) -> CellMask? {
        for job in jobs { if case .scan(let mask, _, _, _, _, _, _) = job.kind { return mask } }
        return nil
    }

    static func noWholeFrames() -> OCRScheduler.Configuration {
        var configuration = OCRScheduler.Configuration()
        configuration.wholeFramePasses = false
        return configuration
    }

    @Test func theFirstFrameIsScannedWhole() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let jobs = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        let mask = try #require(Self.scanMask(jobs))
        #expect(mask.count == mask.columns * mask.rows)
    }

    @Test func aStillSceneOnceScannedPlansNothing() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: first[0]), offset: .identity)
        for sequence in 1..<30 {
            scheduler.observe(Self.still(), width: Self.width, height: Self.height)
            let jobs = scheduler.plan(frame: try Self.frame(UInt64(sequence)), time: Double(sequence) / 30, tracks: [], queueEmpty: true)
            #expect(jobs.isEmpty)
        }
    }

    @Test func aPanScansOnlyTheCellsThatCameIntoView() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: first[0]), offset: .identity)
        // Content moves 32 px left: two columns of 16 px cells enter on the right.
        scheduler.observe(Self.moved(dx: -32, dy: 0), width: Self.width, height: Self.height)
        let jobs = scheduler.plan(frame: try Self.frame(1), time: 1.0 / 30, tracks: [], queueEmpty: true)
        let mask = try #require(Self.scanMask(jobs))
        #expect(mask.count == 2 * mask.rows)
        #expect(mask[mask.columns - 1, 10] && mask[mask.columns - 2, 10] && !mask[mask.columns - 3, 10])
    }

    @Test func waitsForTheRunningScanAndThenTakesEverythingThatChangedMeanwhile() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        var change = Self.still()
        change.isStill = false
        change.changed[3, 4] = true
        scheduler.observe(change, width: Self.width, height: Self.height)
        #expect(Self.scanMask(scheduler.plan(frame: try Self.frame(1), time: 0.03, tracks: [], queueEmpty: false)) == nil)
        scheduler.completed(Self.result(of: first[0]), offset: .identity)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let mask = try #require(Self.scanMask(scheduler.plan(frame: try Self.frame(2), time: 0.07, tracks: [], queueEmpty: true)))
        #expect(mask.count == 1 && mask[3, 4])
    }

    @Test func holdsBackALiveScanWhileMoreThanTwoReadsOfNewRegionsWaitThenTakesEverythingThatChanged() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: first[0]), offset: .identity)
        var change = Self.still()
        change.isStill = false
        change.changed[3, 4] = true
        scheduler.observe(change, width: Self.width, height: Self.height)
        // The first scan's reads still wait: no scan, its cells stay unread.
        #expect(Self.scanMask(scheduler.plan(frame: try Self.frame(1), time: 0.03, tracks: [], queueEmpty: false, readsWaiting: 3)) == nil)
        change.changed[3, 4] = false
        change.changed[7, 2] = true
        scheduler.observe(change, width: Self.width, height: Self.height)
        let mask = try #require(Self.scanMask(scheduler.plan(frame: try Self.frame(2), time: 0.07, tracks: [], queueEmpty: false, readsWaiting: 2)))
        #expect(mask.count == 2 && mask[3, 4] && mask[7, 2])
    }

    @Test func aFastReplayScansWhateverWaits() throws {
        var configuration = Self.noWholeFrames()
        configuration.maximumWaitingReads = nil
        var scheduler = OCRScheduler(configuration: configuration)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        #expect(Self.scanMask(scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: false, readsWaiting: 40)) != nil)
    }

    @Test func aDroppedScanLeavesItsCellsUnread() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: first[0], dropped: true), offset: .identity)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let mask = try #require(Self.scanMask(scheduler.plan(frame: try Self.frame(1), time: 0.03, tracks: [], queueEmpty: true)))
        #expect(mask.count == mask.columns * mask.rows)
    }

    @Test func readsATentativeTrackAgainAtOnceButNeverALockedOne() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let scan = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: scan[0]), offset: .identity)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let tracks = [Self.track(1, .tentative), Self.track(2, .confirmed, locked: true, lastReadAt: -100)]
        let jobs = scheduler.plan(frame: try Self.frame(1), time: 10, tracks: tracks, queueEmpty: true)
        let verified = jobs.compactMap { job -> Int? in
            if case .verify(let key, _) = job.kind { return key }
            return nil
        }
        #expect(verified == [1])
        #expect(jobs.first?.priority == .tentative)
    }

    @Test func readsANewPriceAgainSoonThenBacksOff() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let scan = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: scan[0]), offset: .identity)
        let tentative = [Self.track(1, .tentative, lastReadAt: 0)]
        var verifiedAt: [Double] = []
        for step in 1...12 {
            let time = Double(step) / 30
            scheduler.observe(Self.still(), width: Self.width, height: Self.height)
            for job in scheduler.plan(frame: try Self.frame(UInt64(step)), time: time, tracks: tentative, queueEmpty: true) {
                guard case .verify = job.kind else { continue }
                verifiedAt.append(time)
                scheduler.completed(Self.result(of: job), offset: .identity)
            }
        }
        // The first read again after `firstRetryDelay` (0.05 s), the next `retryInterval` (0.15 s) later.
        #expect(verifiedAt.first.map { abs($0 - 2.0 / 30) < 1e-9 } == true)
        #expect(verifiedAt.count >= 2)
        if verifiedAt.count >= 2 { #expect(verifiedAt[1] - verifiedAt[0] >= 0.15 - 1e-9) }
        // A confirmed track whose currency was only assumed is read again no sooner than `retryInterval`.
        var later = OCRScheduler(configuration: Self.noWholeFrames())
        later.observe(Self.still(), width: Self.width, height: Self.height)
        later.completed(Self.result(of: later.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)[0]), offset: .identity)
        var assumed = Self.track(2, .confirmed, lastReadAt: 0)
        assumed.assumedCurrency = true
        later.observe(Self.still(), width: Self.width, height: Self.height)
        let early = later.plan(frame: try Self.frame(1), time: 2.0 / 30, tracks: [assumed], queueEmpty: true)
        #expect(!early.contains { if case .verify = $0.kind { true } else { false } })
    }

    @Test func verifiesConfirmedTracksOneAtATimeStalestFirstAndNotBeforeTheirInterval() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let scan = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: scan[0]), offset: .identity)
        let interval = scheduler.configuration.verifyInterval
        let tracks = [Self.track(1, .confirmed, lastReadAt: 1), Self.track(2, .confirmed, lastReadAt: 0.5)]
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        #expect(scheduler.plan(frame: try Self.frame(1), time: 0.5 + interval - 0.1, tracks: tracks, queueEmpty: true).isEmpty)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let due = scheduler.plan(frame: try Self.frame(2), time: 1 + interval, tracks: tracks, queueEmpty: true)
        #expect(due.count == 1)
        guard case .verify(let key, _) = due.first?.kind else { Issue.record("expected a verification"); return }
        #expect(key == 2)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        #expect(scheduler.plan(frame: try Self.frame(3), time: 1.1 + interval, tracks: tracks, queueEmpty: true).isEmpty)
        scheduler.completed(Self.result(of: due[0]), offset: .identity)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let next = scheduler.plan(frame: try Self.frame(4), time: 1.2 + interval, tracks: tracks, queueEmpty: true)
        guard case .verify(let second, _) = next.first?.kind else { Issue.record("expected a verification"); return }
        #expect(second == 1)
    }

    @Test func plansAWholeFramePassAtMostOncePerIntervalWhileThePictureChanges() throws {
        var scheduler = OCRScheduler()
        let interval = scheduler.configuration.wholeFrameInterval
        var wholeFrames: [Double] = []
        var running: OCRJob?
        for sequence in 0..<Int(3 * interval * 30) {
            let time = Double(sequence) / 30
            scheduler.observe(Self.moved(dx: 0, dy: 0), width: Self.width, height: Self.height)
            for job in scheduler.plan(frame: try Self.frame(UInt64(sequence)), time: time, tracks: [], queueEmpty: true) {
                if case .wholeFrame = job.kind {
                    wholeFrames.append(time)
                    #expect(running == nil)
                    running = job
                } else {
                    scheduler.completed(Self.result(of: job), offset: .identity)
                }
            }
            if let job = running, time - job.time >= 0.3 {
                // Each pass finds a new price no track stands on, so none is held back.
                var result = Self.result(of: job)
                result.priceBoxes = [PixelRect(x: 100 + 100 * Double(wholeFrames.count), y: 300, width: 60, height: 20)]
                scheduler.completed(result, offset: .identity)
                running = nil
            }
        }
        #expect(wholeFrames.count == 3)
        for (a, b) in zip(wholeFrames, wholeFrames.dropFirst()) {
            #expect(b - a >= interval - 1e-9)
        }
    }

    @Test func readsALineCutByTheEdgeAgainOnceItHasComeIntoView() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let scan = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        var result = Self.result(of: scan[0])
        // A 20 px high line running off the right edge.
        result.incomplete = [PixelRect(x: 560, y: 200, width: 80, height: 20)]
        scheduler.completed(result, offset: .identity)
        scheduler.observe(Self.moved(dx: -8, dy: 0), width: Self.width, height: Self.height)
        let early = scheduler.plan(frame: try Self.frame(1), time: 0.03, tracks: [], queueEmpty: true)
        // 8 px in is less than half the text height from the edge: not yet.
        #expect(Self.scanMask(early).map { !$0.intersects(PixelRect(x: 560, y: 200, width: 40, height: 20)) } ?? true)
        for job in early { scheduler.completed(Self.result(of: job), offset: .identity) }
        scheduler.observe(Self.moved(dx: -8, dy: 0), width: Self.width, height: Self.height)
        let later = scheduler.plan(frame: try Self.frame(2), time: 0.07, tracks: [], queueEmpty: true)
        let mask = try #require(Self.scanMask(later))
        #expect(mask.intersects(PixelRect(x: 560, y: 205, width: 40, height: 10)))
    }

    @Test func readsALineWithNoPriceAgainAFewTimesThenLeavesIt() throws {
        var configuration = Self.noWholeFrames()
        configuration.retries = 2
        configuration.retriesWhenPriceLike = 5
        configuration.retryInterval = 0.2
        var scheduler = OCRScheduler(configuration: configuration)
        let line = TextRegion(box: OCRRect(x: 200, y: 200, width: 100, height: 20), level: 0)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let scan = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: scan[0]), offset: .identity)
        let read = OCRJob(kind: .read([line]), priority: .newRegions, frame: try Self.frame(0), time: 0)
        scheduler.completed(Self.result(of: read), offset: .identity)
        var rereads = 0
        for sequence in 1..<60 {
            let time = Double(sequence) / 30
            scheduler.observe(Self.still(), width: Self.width, height: Self.height)
            for job in scheduler.plan(frame: try Self.frame(UInt64(sequence)), time: time, tracks: [], queueEmpty: true) {
                if case .scan(let mask, _, _, _, _, _, _) = job.kind, mask.intersects(PixelRect(x: 210, y: 205, width: 20, height: 10)) {
                    rereads += 1
                    // The scan reads the line again, as the runner would.
                    scheduler.completed(Self.result(of: job), offset: .identity)
                    scheduler.completed(Self.result(of: OCRJob(kind: .read([line]), priority: .newRegions, frame: job.frame, time: time)), offset: .identity)
                } else {
                    scheduler.completed(Self.result(of: job), offset: .identity)
                }
            }
        }
        #expect(rereads == 2)
    }

    /// A scan of frame `sequence` after the camera moved by `dx`, with `cameIntoView` and `changed` cells.
    private static func scanAfterPan(
        _ scheduler: inout OCRScheduler, sequence: UInt64, dx: Double, changed: [PixelRect], cameIntoView: Bool
    ) throws -> (forced: CellMask, known: [PixelRect])? {
        var mask = CellMask(cellSize: 16, frameWidth: width, frameHeight: height)
        for rect in changed { mask.set(rect) }
        let change = SceneChange(motion: ImageMotion(dx: dx, dy: 0), isStill: false, changed: mask, cameIntoView: cameIntoView ? mask : nil)
        scheduler.observe(change, width: width, height: height)
        let jobs = scheduler.plan(frame: try frame(sequence), time: Double(sequence) / 30, tracks: [], queueEmpty: false)
        for job in jobs { if case .scan(_, let forced, _, _, let known, _, _) = job.kind { return (forced, known) } }
        return nil
    }

    @Test func aLineReadBeforeIsPassedOnAsKnownAndMovedWithTheImage() throws {
        var scheduler = try Self.scannedOnce()
        let line = TextRegion(box: OCRRect(x: 600, y: 200, width: 30, height: 14), level: 0)
        let read = OCRJob(kind: .read([line]), priority: .newRegions, frame: try Self.frame(0), time: 0)
        scheduler.completed(Self.result(of: read), offset: .identity)
        // The camera pans right: the line moves 8 px left and the border column gains a strip of view.
        let border = PixelRect(x: 624, y: 0, width: 16, height: 480)
        let scan = try #require(try Self.scanAfterPan(&scheduler, sequence: 1, dx: -8, changed: [border], cameIntoView: true))
        #expect(scan.known.contains { abs($0.x - 592) < 0.5 && abs($0.y - 200) < 0.5 })
        #expect(!scan.forced.intersects(PixelRect(x: 592, y: 200, width: 30, height: 14)))
    }

    @Test func cellsWhoseContentChangedAreForcedButCellsThatOnlyCameIntoViewAreNot() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: first[0]), offset: .identity)
        let hand = PixelRect(x: 300, y: 200, width: 40, height: 40)
        let changed = try #require(try Self.scanAfterPan(&scheduler, sequence: 1, dx: 0, changed: [hand], cameIntoView: false))
        #expect(changed.forced.intersects(hand))
        let scanning = OCRJob(kind: .scan(unread: changed.forced, forced: changed.forced, known: []), priority: .newRegions, frame: try Self.frame(1), time: 0)
        scheduler.completed(Self.result(of: scanning), offset: .identity)
        let border = PixelRect(x: 624, y: 0, width: 16, height: 480)
        let entered = try #require(try Self.scanAfterPan(&scheduler, sequence: 2, dx: -8, changed: [border], cameIntoView: true))
        #expect(entered.forced.isEmpty)
    }

    @Test func aContentChangeOnALineReadMomentsAgoIsHeldThenRead() throws {
        var configuration = Self.noWholeFrames()
        configuration.retries = 0
        var scheduler = OCRScheduler(configuration: configuration)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: first[0]), offset: .identity)
        let line = PixelRect(x: 100, y: 100, width: 120, height: 20)
        let read = OCRJob(kind: .read([TextRegion(box: OCRRect(x: 100, y: 100, width: 120, height: 20), level: 0)]),
                          priority: .newRegions, frame: try Self.frame(0), time: 0)
        scheduler.completed(Self.result(of: read), offset: .identity)
        var forcedAt: [UInt64] = []
        for sequence in UInt64(1)...12 {
            // Blur and sway change the line's pixels on the first frames only.
            let changed = sequence <= 3 ? [line] : []
            // No scan at all when nothing is unread.
            guard let scan = try Self.scanAfterPan(&scheduler, sequence: sequence, dx: 0, changed: changed, cameIntoView: false) else { continue }
            if scan.forced.intersects(line) { forcedAt.append(sequence) }
            let job = OCRJob(kind: .scan(unread: scan.forced, forced: scan.forced, known: scan.known), priority: .newRegions,
                             frame: try Self.frame(sequence), time: Double(sequence) / 30)
            scheduler.completed(Self.result(of: job), offset: .identity)
        }
        // Held until `contentRereadAge` (0.3 s, frame 9 at 30 fps) after the read, then forced once.
        #expect(forcedAt == [9])
    }

    @Test func aLineSwayingAboutAReadingMarginIsNotReadOnEveryCrossing() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let scan = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        var result = Self.result(of: scan[0])
        // A 20 px high line cut by the right edge.
        var cut = PixelRect(x: 600, y: 200, width: 80, height: 20)
        result.incomplete = [cut]
        scheduler.completed(result, offset: .identity)
        var scannedAt: [UInt64] = []
        // The camera pans 48 px left (the line's end 8 px, under half a height, inside), then sways by 4 px.
        for (sequence, dx) in zip(UInt64(1)...9, [-48.0, -4, 4, -4, 4, -4, 4, -4, 4]) {
            cut = cut.offsetBy(dx: dx, dy: 0)
            scheduler.observe(Self.moved(dx: dx, dy: 0), width: Self.width, height: Self.height)
            let jobs = scheduler.plan(frame: try Self.frame(sequence), time: Double(sequence) / 30, tracks: [], queueEmpty: true)
            if Self.scanMask(jobs)?.intersects(PixelRect(x: cut.x + 10, y: 205, width: 10, height: 10)) == true { scannedAt.append(sequence) }
            for job in jobs {
                var done = Self.result(of: job)
                // Every scan sees the line, still short of two heights inside the edge.
                if case .scan = job.kind { done.incomplete = [cut] }
                scheduler.completed(done, offset: .identity)
            }
        }
        // Half a height in first on frame 2 (12 px inside): read there, not again as it sways.
        #expect(scannedAt == [2])
    }

    @Test func aScanOfAFrameBeforeACutLineCameFurtherInDoesNotSetItsProgressBack() throws {
        var configuration = Self.noWholeFrames()
        configuration.concurrentScans = 2
        var scheduler = OCRScheduler(configuration: configuration)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        // A 20 px high line running 40 px off the right edge; the camera pans it in, 8 px a frame.
        var cut = PixelRect(x: 600, y: 200, width: 80, height: 20)
        var landing: [UInt64: [OCRJobResult]] = [:]
        var scan = Self.result(of: first[0])
        scan.incomplete = [cut]
        landing[2, default: []].append(scan)
        var scannedAt: [UInt64] = []
        for sequence in UInt64(1)...14 {
            cut = cut.offsetBy(dx: -8, dy: 0)
            scheduler.observe(Self.moved(dx: -8, dy: 0), width: Self.width, height: Self.height)
            // As in a `--fast` replay: a scan lands two frames after its own, its line where it was then.
            for result in landing.removeValue(forKey: sequence) ?? [] {
                scheduler.completed(result, offset: ImageMotion(dx: -8 * Double(sequence - result.frameSequence), dy: 0))
            }
            let jobs = scheduler.plan(frame: try Self.frame(sequence), time: Double(sequence) / 30, tracks: [], queueEmpty: true)
            if Self.scanMask(jobs)?.intersects(PixelRect(x: cut.x + 10, y: 205, width: 10, height: 10)) == true { scannedAt.append(sequence) }
            for job in jobs {
                var done = Self.result(of: job)
                if case .scan = job.kind, !OCRScheduler.isInFullView(cut, width: Self.width, height: Self.height) { done.incomplete = [cut] }
                landing[sequence + 2, default: []].append(done)
            }
        }
        // Read as it is after 0.1 s at the edge (frame 3), half a height in on frame 7 (its end at
        // 624) and two heights in on frame 10 (at 600); not again on frame 11 because the scan of
        // frame 9, landing after that step, saw it less far in.
        #expect(scannedAt == [3, 7, 10])
    }

    @Test func aScanSkipsALineReadBeforeUnlessItsContentChanged() {
        let known = [PixelRect(x: 100, y: 100, width: 120, height: 20)]
        let nothing = CellMask(cellSize: 16, frameWidth: Self.width, frameHeight: Self.height)
        // The same line proposed again, a few pixels off: skipped.
        #expect(!OCRJobRunner.needsReading(PixelRect(x: 103, y: 101, width: 118, height: 21), forced: nothing, known: known))
        // A line never read: read.
        #expect(OCRJobRunner.needsReading(PixelRect(x: 100, y: 300, width: 120, height: 20), forced: nothing, known: known))
        // The known line after its content changed: read again.
        var changed = nothing
        changed.set(PixelRect(x: 150, y: 105, width: 4, height: 4))
        #expect(OCRJobRunner.needsReading(PixelRect(x: 103, y: 101, width: 118, height: 21), forced: changed, known: known))
        // The known line grown by more than half a height (its currency came into view): read again.
        #expect(OCRJobRunner.needsReading(PixelRect(x: 100, y: 100, width: 160, height: 20), forced: nothing, known: known))
    }

    @Test func aCropAroundAPriceThatReadNothingSendsItsLineBackToTheScan() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(Self.result(of: first[0]), offset: .identity)
        let crop = PixelRect(x: 280, y: 220, width: 160, height: 50)
        let verify = OCRJob(kind: .verify(key: 1, box: crop), priority: .tentative, frame: try Self.frame(0), time: 0)
        var result = Self.result(of: verify)
        result.emptyCrops = [crop]
        scheduler.completed(result, offset: .identity)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let jobs = scheduler.plan(frame: try Self.frame(1), time: 0.033, tracks: [], queueEmpty: true)
        let scan = try #require(jobs.compactMap { job -> CellMask? in
            if case .scan(_, let forced, _, _, _, _, _) = job.kind { return forced }
            return nil
        }.first)
        #expect(scan.intersects(PixelRect(x: 350, y: 240, width: 4, height: 4)))
    }

    /// The times of the whole-frame passes planned over `seconds` of a changing picture, each
    /// finishing 0.3 s after it starts with prices at `found` while a track stands at `track`.
    private static func wholeFramePasses(seconds: Double, found: [PixelRect], track: PixelRect) throws -> [Double] {
        try wholeFramePasses(seconds: seconds, finding: { _ in found }, track: track)
    }

    /// The times of the whole-frame passes over `seconds` of a changing picture, pass N finding `finding(N)`.
    private static func wholeFramePasses(seconds: Double, finding: (Int) -> [PixelRect], track: PixelRect) throws -> [Double] {
        var scheduler = OCRScheduler()
        var times: [Double] = []
        var running: OCRJob?
        let tracks = [TrackSummary(key: 1, id: "p1", box: track, state: .confirmed, locked: false, lastReadAt: 0, reads: 2)]
        for sequence in 0..<Int(seconds * 30) {
            let time = Double(sequence) / 30
            scheduler.observe(Self.moved(dx: 0, dy: 0), width: Self.width, height: Self.height)
            for job in scheduler.plan(frame: try Self.frame(UInt64(sequence)), time: time, tracks: tracks, queueEmpty: true) {
                if case .wholeFrame = job.kind {
                    times.append(time)
                    running = job
                } else {
                    scheduler.completed(Self.result(of: job), offset: .identity)
                }
            }
            if let job = running, time - job.time >= 0.3 {
                var result = Self.result(of: job)
                result.priceBoxes = finding(times.count - 1)
                scheduler.completed(result, offset: .identity)
                running = nil
            }
        }
        return times
    }

    @Test func wholeFramePassesThatFindOnlyTrackedPricesComeLessAndLessOften() throws {
        let track = PixelRect(x: 100, y: 100, width: 80, height: 20)
        let useless = try Self.wholeFramePasses(seconds: 12, found: [PixelRect(x: 102, y: 101, width: 78, height: 19)], track: track)
        // The first at once, the next 3 s later, then 6 s.
        #expect(useless.count == 3, "\(useless)")
        let gaps = zip(useless, useless.dropFirst()).map { $1 - $0 }
        #expect(gaps.count == 2 && abs(gaps[0] - 3) < 0.05 && abs(gaps[1] - 6) < 0.05, "\(gaps)")
        // A new price off the tracks on every pass: every 1.5 s.
        let useful = try Self.wholeFramePasses(
            seconds: 12, finding: { [PixelRect(x: 100 + 60 * Double($0 % 8), y: 300, width: 50, height: 20)] }, track: track)
        #expect(useful.count == 8, "\(useful)")
        // The same price off the tracks on every pass (a misread that never becomes a track): new
        // once, then nothing new.
        let repeated = try Self.wholeFramePasses(seconds: 12, found: [PixelRect(x: 400, y: 300, width: 80, height: 20)], track: track)
        #expect(repeated.count == 4, "\(repeated)")
    }

    @Test func aCropThatReadNothingOnAConfirmedPriceIsNotScannedAgain() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let crop = PixelRect(x: 280, y: 220, width: 160, height: 50)
        let confirmed = TrackSummary(key: 1, id: "p1", box: PixelRect(x: 300, y: 230, width: 120, height: 30), state: .confirmed,
                                     locked: false, lastReadAt: 0, reads: 2)
        let first = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [confirmed], queueEmpty: true)
        scheduler.completed(Self.result(of: first[0]), offset: .identity)
        let read = OCRJob(kind: .read([]), priority: .newRegions, frame: try Self.frame(0), time: 0)
        var result = Self.result(of: read)
        result.emptyCrops = [crop]
        scheduler.completed(result, offset: .identity)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let jobs = scheduler.plan(frame: try Self.frame(1), time: 0.033, tracks: [confirmed], queueEmpty: true)
        #expect(Self.scanMask(jobs) == nil)
    }

    @Test func aLineIsInViewFromAQuarterOfItsHeightInsideEveryEdge() {
        let line = { (x: Double, y: Double) in PixelRect(x: x, y: y, width: 120, height: 40) }
        #expect(OCRScheduler.isInView(line(200, 200), marginHeights: OCRScheduler.readingEdgeMargin, width: Self.width, height: Self.height))
        // 4 px from the top or bottom is less than a quarter of 40 px: its glyphs may be cut.
        #expect(!OCRScheduler.isInView(line(200, 4), marginHeights: OCRScheduler.readingEdgeMargin, width: Self.width, height: Self.height))
        #expect(!OCRScheduler.isInView(line(200, 436), marginHeights: OCRScheduler.readingEdgeMargin, width: Self.width, height: Self.height))
        #expect(OCRScheduler.isInView(line(200, 10), marginHeights: OCRScheduler.readingEdgeMargin, width: Self.width, height: Self.height))
        // Left and right: a quarter of a height to be read, half to be read again for a digit end.
        #expect(OCRScheduler.isInView(line(10, 200), marginHeights: OCRScheduler.readingEdgeMargin, width: Self.width, height: Self.height))
        #expect(!OCRScheduler.isInView(line(10, 200), marginHeights: 0.5, width: Self.width, height: Self.height))
    }

    /// Whether frame `sequence`'s plan scans the line at `line`, after the camera moved by `dx`.
    private static func scansLine(
        _ scheduler: inout OCRScheduler, _ sequence: UInt64, dx: Double, line: PixelRect, tracks: [TrackSummary] = []
    ) throws -> Bool {
        scheduler.observe(Self.moved(dx: dx, dy: 0), width: Self.width, height: Self.height)
        let jobs = scheduler.plan(frame: try Self.frame(sequence), time: Double(sequence) / 30, tracks: tracks, queueEmpty: true)
        defer { for job in jobs { scheduler.completed(Self.result(of: job), offset: .identity) } }
        return Self.scanMask(jobs)?.intersects(line) ?? false
    }

    /// The lines the scan planned among `jobs` must read even if known.
    static func forcedLines(_ jobs: [OCRJob]) -> [PixelRect] {
        for job in jobs { if case .scan(_, _, let lines, _, _, _, _) = job.kind { return lines } }
        return []
    }

    /// The lines the scan planned among `jobs` reads as they are, cut by the frame's edge.
    static func edgeLines(_ jobs: [OCRJob]) -> [PixelRect] {
        for job in jobs { if case .scan(_, _, _, let lines, _, _, _) = job.kind { return lines } }
        return []
    }

    /// A scheduler whose first frame's scan has completed, with nothing found but the lines cut
    /// by the frame's edge in `incomplete`; with no retries if `retrying` is false.
    static func scannedOnce(incomplete: [PixelRect] = [], retrying: Bool = true) throws -> OCRScheduler {
        var configuration = Self.noWholeFrames()
        if !retrying { (configuration.retries, configuration.retriesWhenPriceLike) = (0, 0) }
        var scheduler = OCRScheduler(configuration: configuration)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let scan = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        var result = Self.result(of: scan[0])
        result.incomplete = incomplete
        scheduler.completed(result, offset: .identity)
        return scheduler
    }

    /// A read of `box` that found `text`.
    static func read(_ box: PixelRect, text: String, frame sequence: UInt64, time: Double) throws -> OCRJobResult {
        let region = TextRegion(box: OCRRect(x: Int(box.x), y: Int(box.y), width: Int(box.width), height: Int(box.height)), level: 0)
        var result = Self.result(of: OCRJob(kind: .read([region]), priority: .newRegions, frame: try Self.frame(sequence), time: time))
        result.lines = [OCRLine(text: text, box: region.box, confidence: 90, words: [])]
        return result
    }

    @Test func aRetryReadsItsLineAgainButNotTheLineBelowIt() throws {
        var scheduler = try Self.scannedOnce()
        // Two lines 2 px apart share a row of 16 px cells; a price stands on the lower one.
        let upper = PixelRect(x: 200, y: 200, width: 100, height: 20), lower = PixelRect(x: 200, y: 222, width: 100, height: 20)
        scheduler.completed(try Self.read(upper, text: "Art. 4411", frame: 0, time: 0), offset: .identity)
        scheduler.completed(try Self.read(lower, text: "€4.99", frame: 0, time: 0), offset: .identity)
        let priced = TrackSummary(key: 1, id: "p1", box: lower, state: .confirmed, locked: false, lastReadAt: 0, reads: 2)
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let jobs = scheduler.plan(frame: try Self.frame(3), time: 0.1, tracks: [priced], queueEmpty: true)
        guard let job = jobs.first(where: { if case .scan = $0.kind { true } else { false } }),
              case .scan(_, let forced, let lines, _, let known, _, _) = job.kind
        else {
            Issue.record("no scan planned for the retry")
            return
        }
        #expect(OCRJobRunner.needsReading(upper, forced: forced, forcedLines: lines, known: known))
        #expect(!OCRJobRunner.needsReading(lower, forced: forced, forcedLines: lines, known: known))
    }

    @Test func aForcedLineIsTheProposalCoveringMostOfIt() {
        let cut = PixelRect(x: 600, y: 200, width: 40, height: 20)
        // Come into view, the line is proposed longer: still the same line.
        #expect(OCRJobRunner.isSameLine(PixelRect(x: 560, y: 199, width: 76, height: 21), cut))
        // The line below, overlapping it by 3 px, is not.
        #expect(!OCRJobRunner.isSameLine(PixelRect(x: 560, y: 217, width: 80, height: 20), cut))
    }

    @Test func aLineCutByTheEdgeThatReadNoDigitOrOnlyNumbersThatAreNoPriceIsNotReadAgainFurtherIn() throws {
        let reads = [
            ("Bio Apfel", false), ("+49 30 6986655", false), ("SKU 71412639", false), ("Art. 358-570", false),
            ("USD 72", true), ("12,9", true), ("2 199", true),
        ]
        for (text, readAgain) in reads {
            // 20 px high, its end 5 px (a quarter of a height) inside the right edge: read now.
            var scheduler = try Self.scannedOnce(incomplete: [PixelRect(x: 555, y: 200, width: 80, height: 20)], retrying: false)
            scheduler.completed(try Self.read(PixelRect(x: 555, y: 200, width: 80, height: 20), text: text, frame: 0, time: 0), offset: .identity)
            var forcedAt: [UInt64] = []
            for sequence in UInt64(1)...6 {
                scheduler.observe(Self.moved(dx: -10, dy: 0), width: Self.width, height: Self.height)
                let jobs = scheduler.plan(frame: try Self.frame(sequence), time: Double(sequence) / 30, tracks: [], queueEmpty: true)
                if !Self.forcedLines(jobs).isEmpty { forcedAt.append(sequence) }
                for job in jobs { scheduler.completed(Self.result(of: job), offset: .identity) }
            }
            // Half a height in on frame 1, two heights on frame 4.
            #expect(forcedAt == (readAgain ? [1, 4] : []), "\(text)")
        }
    }

    @Test func aLineSwayingOutOfViewAndBackAfterItsReadIsNotReadAgainWhileItsPriceIsTracked() throws {
        // The same sway with and without a track on the line ("12.99" looks like a price), and for
        // a line that read as no price.
        for (text, tracked, expected) in [("12.99", true, [UInt64(1)]), ("12.99", false, [1, 3, 5]), ("Bio Apfel", false, [1])] {
            // A 20 px high line cut by the right edge.
            var scheduler = try Self.scannedOnce(incomplete: [PixelRect(x: 600, y: 200, width: 40, height: 20)], retrying: false)
            var forcedAt: [UInt64] = []
            var line = PixelRect(x: 600, y: 200, width: 40, height: 20)
            // In by a height (read), out past the edge, back, and out and back once more.
            for (sequence, dx) in zip(UInt64(1)...5, [-20.0, 25, -25, 25, -25]) {
                line = line.offsetBy(dx: dx, dy: 0)
                scheduler.observe(Self.moved(dx: dx, dy: 0), width: Self.width, height: Self.height)
                var track = Self.track(1, .confirmed)
                track.box = line
                let jobs = scheduler.plan(
                    frame: try Self.frame(sequence), time: Double(sequence) / 30, tracks: tracked ? [track] : [], queueEmpty: true)
                if Self.forcedLines(jobs).contains(where: { OCRJobRunner.isSameLine(line, $0) }) { forcedAt.append(sequence) }
                for job in jobs {
                    var done = Self.result(of: job)
                    let visible = PixelRect(x: line.x, y: line.y, width: min(line.maxX, 640) - line.x, height: line.height)
                    if case .scan = job.kind, visible.maxX > 632 { done.incomplete = [visible] }
                    scheduler.completed(done, offset: .identity)
                    if case .scan = job.kind, visible.maxX <= 632 {
                        scheduler.completed(try Self.read(visible, text: text, frame: sequence, time: Double(sequence) / 30), offset: .identity)
                    }
                }
            }
            #expect(forcedAt == expected, "\(text), tracked: \(tracked)")
        }
    }

    @Test func aLineCutAtTheTopIsReadOnceInViewAndNotAgainWhenAlreadyWhole() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let scan = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        var result = Self.result(of: scan[0])
        // A 40 px high line cut by the top edge, well inside the left and right edges.
        result.incomplete = [PixelRect(x: 200, y: -10, width: 160, height: 40)]
        scheduler.completed(result, offset: .identity)
        let line = PixelRect(x: 220, y: 20, width: 100, height: 10)
        // The camera tilts down: the line comes down 20 px, a quarter of its height inside.
        scheduler.observe(SceneChange(motion: ImageMotion(dx: 0, dy: 20), isStill: false,
                                      changed: CellMask(cellSize: 16, frameWidth: Self.width, frameHeight: Self.height)),
                          width: Self.width, height: Self.height)
        let jobs = scheduler.plan(frame: try Self.frame(1), time: 0.033, tracks: [], queueEmpty: true)
        #expect(Self.scanMask(jobs)?.intersects(line) == true)
        for job in jobs { scheduler.completed(Self.result(of: job), offset: .identity) }
        // In full view at once: no read at two text heights.
        for sequence in 2..<8 {
            #expect(try !Self.scansLine(&scheduler, UInt64(sequence), dx: 0, line: line))
        }
    }

    @Test func aLineCutAtTheSideIsNotReadAtTwoHeightsWhenAPriceWithItsCurrencyStandsOnIt() throws {
        var scheduler = OCRScheduler(configuration: Self.noWholeFrames())
        scheduler.observe(Self.still(), width: Self.width, height: Self.height)
        let scan = scheduler.plan(frame: try Self.frame(0), time: 0, tracks: [], queueEmpty: true)
        var result = Self.result(of: scan[0])
        result.incomplete = [PixelRect(x: 600, y: 200, width: 80, height: 20)]
        scheduler.completed(result, offset: .identity)
        let line = PixelRect(x: 560, y: 205, width: 20, height: 10)
        let priced = TrackSummary(key: 1, id: "p1", box: PixelRect(x: 540, y: 200, width: 60, height: 20), state: .confirmed,
                                  locked: false, lastReadAt: 0, reads: 2, assumedCurrency: false)
        // Half a height in after 60 px of pan: read; then no more reads while its price stands.
        #expect(try Self.scansLine(&scheduler, 1, dx: -60, line: line))
        var later: [Bool] = []
        for sequence in 2..<6 {
            later.append(try Self.scansLine(&scheduler, UInt64(sequence), dx: -10, line: line.offsetBy(dx: -10 * Double(sequence - 1), dy: 0), tracks: [priced]))
        }
        #expect(!later.contains(true), "\(later)")
    }

    @Test func aLineThatStaysCutByTheSideIsReadAsItIsOnceAfterADwell() throws {
        // A 30 px high line reaching the left edge (a glyph of the next tag joined to it), on a still camera.
        let line = PixelRect(x: 0, y: 200, width: 160, height: 30)
        var scheduler = try Self.scannedOnce(incomplete: [line], retrying: false)
        var readAt: [UInt64] = []
        for sequence in UInt64(1)...15 {
            scheduler.observe(Self.still(), width: Self.width, height: Self.height)
            let jobs = scheduler.plan(frame: try Self.frame(sequence), time: Double(sequence) / 30, tracks: [], queueEmpty: true)
            if Self.edgeLines(jobs).contains(where: { OCRJobRunner.isSameLine(line, $0) }) { readAt.append(sequence) }
            for job in jobs {
                var done = Self.result(of: job)
                if case .scan = job.kind { done.incomplete = [line] }
                scheduler.completed(done, offset: .identity)
            }
        }
        // 0.1 s after it was first seen, and only then.
        #expect(readAt == [3])
    }

    @Test func aLineReadAsItIsAtTheSideIsNotKnownOnceInView() throws {
        for atEdge in [true, false] {
            let line = PixelRect(x: 0, y: 200, width: 160, height: 30)
            var scheduler = try Self.scannedOnce(incomplete: [line], retrying: false)
            var read = try Self.read(line, text: "9 1791 Kč", frame: 0, time: 0)
            if atEdge { read.readAtEdge = [line] }
            scheduler.completed(read, offset: .identity)
            // The camera turns: the line comes 100 px in, into full view.
            scheduler.observe(Self.moved(dx: 100, dy: 0), width: Self.width, height: Self.height)
            let jobs = scheduler.plan(frame: try Self.frame(1), time: 0.033, tracks: [], queueEmpty: true)
            let known = jobs.compactMap { job -> [PixelRect]? in
                if case .scan(_, _, _, _, let known, _, _) = job.kind { return known } else { return nil }
            }.first ?? []
            #expect(known.contains { $0.intersectionOverUnion(line.offsetBy(dx: 100, dy: 0)) > 0.9 } == !atEdge, "read at the edge: \(atEdge)")
        }
    }
}

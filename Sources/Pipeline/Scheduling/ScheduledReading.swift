import Capture
import SceneAnalysis

import Tracking

/// The frame thread of a scheduled run (`--schedule changes`): for every frame it measures what
/// moved and what changed (``SceneChangeDetector``), plans OCR work (``OCRScheduler``), folds in
/// the reads that finished (moved into the frame's pixels with ``MotionHistory``) and has the
/// ``PriceStage`` emit the frame's `OVERLAYS` line. OCR never runs on this thread.
///
/// Live (paced replay, camera): the frame never waits for OCR; reads land on the first frame
/// after they finish. `--fast` replay: the reads planned on frame N land on a later frame (the
/// ``ReadLag``), which waits for them if need be, so output is the same on every run while the
/// workers still have a few frames' work to share. The first frame, with no earlier one to share
/// the work with, waits for all its own reads, so a replay of a single image shows its prices;
/// with a lag of 0 every frame does, its reads planned on the tracks moved into its pixels. The
/// last frame of a bounded replay does too, and waits for every job still out, so it shows all
/// that was read.
final class ScheduledReading {
    private let stage: PriceStage
    private let jobs: OCRJobQueue
    private let mailbox: ResultMailbox
    private let lag: ReadLag?
    /// The changes the reading thread measured (`--fast`); `nil`: measured here.
    private let changesAhead: SceneChangesAhead?
    private let metrics: PipelineMetrics
    private let reportError: (String, UInt64) -> Void
    private var detector = SceneChangeDetector()
    private var scheduler: OCRScheduler
    private var history = MotionHistory()
    private var framesSeen = 0

    init(
        stage: PriceStage, jobs: OCRJobQueue, mailbox: ResultMailbox, lag: ReadLag?, changesAhead: SceneChangesAhead? = nil,
        configuration: OCRScheduler.Configuration, metrics: PipelineMetrics,
        reportError: @escaping (_ message: String, _ frame: UInt64) -> Void
    ) {
        self.stage = stage
        self.jobs = jobs
        self.mailbox = mailbox
        self.lag = lag
        self.changesAhead = changesAhead
        self.scheduler = OCRScheduler(configuration: configuration)
        self.metrics = metrics
        self.reportError = reportError
    }

    /// Handles one frame; `time` is its time on the stream's clock. `isLast`: no frame follows it
    /// (a bounded `--fast` replay's last frame reads itself and waits for every job still out).
    func process(_ frame: Frame, time: Double, isLast: Bool = false) {
        // The `frame` stage latency: this frame's work, without waiting for the reads due on it (`--fast`).
        let began = MonotonicInstant.now()
        var waited = 0.0
        var measuredAhead = 0.0
        defer { metrics.record(.frame, milliseconds: (MonotonicInstant.now().seconds(since: began) - waited + measuredAhead) * 1000) }
        var change: SceneChange
        if let measured = changesAhead?.take(frame.sequence) {
            change = measured.change
            measuredAhead = measured.seconds
        } else {
            change = frame.luma.withUnsafeBufferPointer {
                detector.update(luma: $0, width: frame.width, height: frame.height, stride: frame.stride)
            }
        }
        if frame.followsCut {
            // A replay started again: nothing read or tracked before continues into this frame.
            change.motion = nil
            history.cut()
            scheduler = OCRScheduler(configuration: scheduler.configuration)
            stage.tracker.reset()
        }
        history.record(sequence: frame.sequence, motion: change.motion)
        scheduler.observe(change, width: frame.width, height: frame.height)
        jobs.noteFrame(time: time)
        framesSeen += 1
        if let lag, framesSeen == 1 || lag.frames == 0 || isLast {
            let tracks = stage.tracker.summaries.map { track in
                var track = track
                if let motion = change.motion { track.box = motion.applied(to: track.box) }
                return track
            }
            plan(frame, time: time, tracks: tracks, waitsForAll: true)
            // Only this frame's own jobs exist on the first frame, and with no lag they are due on
            // it; the last frame waits for every job still out.
            let due = framesSeen == 1 || isLast ? nil : frame.sequence
            waited = wait(through: due)
            stage.frameTap?.offer(frame)
            stage.process(
                sequence: frame.sequence, time: time, width: frame.width, height: frame.height,
                motion: change.motion, readings: readings(throughFrame: due))
            return
        }
        // Live, the reads that finished; `--fast`, those due on this frame.
        let due = lag == nil ? nil : frame.sequence
        if let due { waited = wait(through: due) }
        finishFrame(frame, time: time, change: change, readings: readings(throughFrame: due))
    }

    /// Blocks until the jobs due on frames up to `due` are done (every job when `nil`); returns
    /// the seconds waited.
    private func wait(through due: UInt64?) -> Double {
        let began = MonotonicInstant.now()
        if let due { jobs.waitUntilDone(throughFrame: due) } else { jobs.waitUntilIdle() }
        return MonotonicInstant.now().seconds(since: began)
    }

    /// The reads that finished and are due on frames up to `due` (all when `nil`), moved into the
    /// latest frame's pixels; the scheduler takes note of each.
    private func readings(throughFrame due: UInt64?) -> [FrameReading] {
        var readings: [FrameReading] = []
        for result in mailbox.collect(throughFrame: due) {
            guard let offset = history.offset(from: result.frameSequence) else { continue }
            scheduler.completed(result, offset: offset)
            if let failure = result.failure {
                reportError(failure, result.frameSequence)
                continue
            }
            guard !result.dropped else { continue }
            readings.append(FrameReading(
                lines: result.lines, offset: offset, observed: result.observed, partial: result.partial, rightEndsShown: result.rightEndsShown))
            // Second and third reads of a price on a line not in full view count as little as its first.
            if !result.confirmations.isEmpty {
                readings.append(FrameReading(
                    lines: result.confirmations, offset: offset, observed: [], partial: result.partial, rightEndsShown: result.rightEndsShown, pass: 1))
            }
            if !result.tieBreaks.isEmpty {
                readings.append(FrameReading(
                    lines: result.tieBreaks, offset: offset, observed: [], partial: result.partial, rightEndsShown: result.rightEndsShown, pass: 2))
            }
        }
        return readings
    }

    /// Moves the tracks, emits the frame's line and plans the next reads.
    private func finishFrame(_ frame: Frame, time: Double, change: SceneChange, readings: [FrameReading]) {
        stage.frameTap?.offer(frame)
        stage.process(
            sequence: frame.sequence, time: time, width: frame.width, height: frame.height,
            motion: change.motion, readings: readings)
        plan(frame, time: time, tracks: stage.tracker.summaries)
    }

    /// Queues the reads the scheduler plans on `frame`. `waitsForAll`: the frame waits for all its
    /// jobs, so its scan takes everything unread and a whole-frame pass goes right after the scan
    /// instead of last.
    private func plan(_ frame: Frame, time: Double, tracks: [TrackSummary], waitsForAll: Bool = false) {
        let readsWaiting = lag == nil ? jobs.newRegionReadsWaiting : 0
        for var job in scheduler.plan(
            frame: frame, time: time, tracks: tracks, queueEmpty: jobs.isEmpty, readsWaiting: readsWaiting, scansEverything: waitsForAll) {
            if waitsForAll, case .wholeFrame = job.kind { job.priority = .newRegions }
            jobs.push(job)
        }
    }
}


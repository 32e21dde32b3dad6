import Foundation

/// The OCR workers' queue: jobs wait in priority order (``OCRJob/Priority``), workers block in
/// ``pop()`` for the next one, and jobs whose frame has gone stale are dropped instead of run.
///
/// Among new regions, scans go first and then reads of the tallest lines, whatever frame they
/// came from (``precedes(_:_:)``); otherwise first come, first served.
///
/// A whole-frame pass is not handed out while a scan runs: the scan is about to queue the reads
/// of new lines, which go first, and a pass would hold a worker for a third of a second or more
/// (at the start, the first frame's prices were confirmed 0.1 s later for it).
///
/// It also counts the jobs not yet finished by the frame they are due on (the frame they were
/// planned on, or with a ``ReadLag`` the frame they land on), so a caller can wait until the work
/// due on a frame is done (``waitUntilDone(throughFrame:)``), as `--fast` replays do to stay deterministic.
///
/// Unchecked `Sendable`: every stored property is only touched with `condition` locked.
final class OCRJobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [OCRJob] = []
    private var running = 0
    /// Scan jobs handed out and not yet finished.
    private var runningScans = 0
    private var closed = false
    private var nextID: UInt64 = 1
    private var latestFrameTime = -Double.infinity
    private var droppedCount = 0
    /// Jobs pushed and not yet finished or dropped, per frame they are due on.
    private var outstanding: [UInt64: Int] = [:]
    /// When the jobs land (`--fast`); `nil`: on the frame they were planned on.
    let lag: ReadLag?
    /// Seconds a job's frame may lag the newest frame before the job is dropped; `nil`: never.
    let staleAfter: Double?
    /// New regions, and the second reads that confirm a new price, may lag this many times longer
    /// than other work before they are dropped: they are the only way new content gets read and
    /// shown, so dropping them early under load would only plan the same reads again (and drop
    /// them again). A scan with the text detector can take longer than ``staleAfter`` by itself.
    static let newRegionLeeway = 4.0
    private let dropped: @Sendable (OCRJob) -> Void
    private let queued: @Sendable (Int) -> Void

    /// - Parameters:
    ///   - dropped: called (on the thread that dropped it, outside the lock) for each stale job,
    ///     so its planner learns the work was not done.
    ///   - queued: called (outside the lock) after each push with the number of jobs then waiting.
    ///   - lag: when jobs land, for ``waitUntilDone(throughFrame:)``.
    init(
        staleAfter: Double?, lag: ReadLag? = nil, dropped: @escaping @Sendable (OCRJob) -> Void,
        queued: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.staleAfter = staleAfter
        self.lag = lag
        self.dropped = dropped
        self.queued = queued
    }

    /// Queues a job and returns the id it was given (ids increase in push order).
    @discardableResult
    func push(_ job: OCRJob) -> UInt64 {
        condition.lock()
        var job = job
        job.id = nextID
        nextID += 1
        guard !closed else {
            // No worker will take it: report it dropped, as ``close()`` does with the jobs it finds.
            droppedCount += 1
            condition.unlock()
            dropped(job)
            return job.id
        }
        let index = jobs.firstIndex { Self.precedes(job, $0) } ?? jobs.endIndex
        jobs.insert(job, at: index)
        outstanding[due(job), default: 0] += 1
        let waiting = jobs.count
        condition.signal()
        condition.unlock()
        queued(waiting)
        return job.id
    }

    /// Tells the queue the time of the newest frame, against which staleness is judged.
    func noteFrame(time: Double) {
        condition.lock()
        latestFrameTime = max(latestFrameTime, time)
        condition.unlock()
    }

    /// The next job to run, blocking while there is none; `nil` once closed and empty.
    /// The caller must call ``finish()`` when done with a job it got. While there is none,
    /// `whenIdle` is run (outside the lock) until it returns `false` (it found nothing to do).
    func pop(whenIdle: (() -> Bool)? = nil) -> OCRJob? {
        condition.lock()
        var idleDone = false
        while true {
            let stale = jobs.filter(isStale)
            if !stale.isEmpty { jobs.removeAll(where: isStale) }
            droppedCount += stale.count
            if !stale.isEmpty {
                running += stale.count
                condition.unlock()
                for job in stale { dropped(job) }
                condition.lock()
                running -= stale.count
                for job in stale { settle(job) }
                condition.broadcast()
            }
            if let next = jobs.first, !(Self.isWholeFrame(next) && runningScans > 0) {
                running += 1
                if Self.isScan(next) { runningScans += 1 }
                let job = jobs.removeFirst()
                condition.unlock()
                return job
            }
            if closed {
                condition.unlock()
                return nil
            }
            if let whenIdle, !idleDone {
                condition.unlock()
                idleDone = !whenIdle()
                condition.lock()
                continue
            }
            condition.wait()
            idleDone = false
        }
    }

    /// Marks one job taken with ``pop()`` as done (its result has been posted).
    func finish(_ job: OCRJob) {
        condition.lock()
        running -= 1
        if Self.isScan(job) { runningScans -= 1 }
        settle(job)
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until every job due on frames up to `sequence` has finished or been dropped, jobs
    /// those jobs pushed while running included.
    func waitUntilDone(throughFrame sequence: UInt64) {
        condition.lock()
        while outstanding.keys.contains(where: { $0 <= sequence }) {
            condition.wait()
        }
        condition.unlock()
    }

    private func settle(_ job: OCRJob) {
        let sequence = due(job)
        let left = (outstanding[sequence] ?? 1) - 1
        outstanding[sequence] = left > 0 ? left : nil
    }

    /// The frame the job is due on.
    private func due(_ job: OCRJob) -> UInt64 {
        lag?.landing(of: job) ?? job.frame.sequence
    }

    /// Blocks until no job is waiting or running.
    func waitUntilIdle() {
        condition.lock()
        while !jobs.isEmpty || running > 0 {
            condition.wait()
        }
        condition.unlock()
    }

    /// Whether no job is waiting (jobs may still be running).
    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return jobs.isEmpty
    }

    /// Reads of new regions waiting now (a scan's work not yet started).
    var newRegionReadsWaiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count { job in
            if case .read = job.kind { job.priority == .newRegions } else { false }
        }
    }

    /// Jobs waiting now.
    var depth: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count
    }

    /// Jobs dropped as stale so far.
    var droppedJobs: Int {
        condition.lock()
        defer { condition.unlock() }
        return droppedCount
    }

    /// Drops every waiting job (reported as dropped) and lets ``pop()`` return `nil` once empty.
    func close() {
        condition.lock()
        closed = true
        let rest = jobs
        jobs.removeAll()
        droppedCount += rest.count
        for job in rest { settle(job) }
        condition.broadcast()
        condition.unlock()
        for job in rest { dropped(job) }
    }

    /// Whether `job` runs before `other`, queued earlier: a higher priority does; among new
    /// regions, a scan does before reads (it finds what came into view; it takes a few
    /// milliseconds where a read job takes tens), and a read of taller lines before one of lower
    /// lines (a tag's price is its biggest text). First come, first served otherwise: under
    /// load, the lines of a price coming into view waited behind the small print of the frames
    /// before, and the scan that would find it behind both.
    static func precedes(_ job: OCRJob, _ other: OCRJob) -> Bool {
        if job.priority != other.priority { return job.priority < other.priority }
        guard job.priority == .newRegions else { return false }
        return newRegionRank(job) > newRegionRank(other)
    }

    /// A scan ranks above every read; a read ranks by its tallest line. A whole-frame pass among
    /// new regions (of a `--fast` frame that waits for all its jobs, such as the first) ranks
    /// right after the scans: it is the longest job, and run after the line reads it left the
    /// other worker idle while the frame waited for it.
    private static func newRegionRank(_ job: OCRJob) -> Int {
        switch job.kind {
        case .scan: Int.max
        case .wholeFrame: Int.max - 1
        case .read(let lines, _, _, _, _): lines.map(\.box.height).max() ?? 0
        case .verify: 0
        }
    }

    private static func isScan(_ job: OCRJob) -> Bool {
        if case .scan = job.kind { true } else { false }
    }

    private static func isWholeFrame(_ job: OCRJob) -> Bool {
        if case .wholeFrame = job.kind { true } else { false }
    }

    private func isStale(_ job: OCRJob) -> Bool {
        guard let staleAfter else { return false }
        let limit = job.priority <= .tentative ? staleAfter * Self.newRegionLeeway : staleAfter
        return job.time < latestFrameTime - limit
    }
}

import Capture
import Dispatch
import Foundation
import LensProtocol
import Logging
import OCR
import SceneAnalysis
import Synchronization
import Tracking

/// The whole replay path: a source thread paces frames into a ``BoundedQueue``, OCR workers take
/// them, a ``ReorderBuffer`` restores frame order and the ``PriceStage`` emits one `OVERLAYS` line a frame.
///
/// Data flows one way; nothing downstream calls back into the source.
public final class ReplayPipeline: Sendable {
    /// How a run reads its frames: pacing, looping, queue, workers, OCR and schedule.
    public struct Options: Sendable {
        var pacing: Pacing
        /// Frames per second of the recording's timeline (Y4M header, `--fps`, else 30).
        var mediaFrameRate: Double
        var loop: Bool
        var queueCapacity: Int
        var workers: Int
        var ocr: OCRConfiguration
        var reader: FrameReader
        /// A live camera: no pacing, drop the oldest waiting frame, keep the source's timestamps,
        /// and leave `DEVICE` messages to the source (it reports its own states).
        var liveSource = false
        /// What the workers read; `.changes` needs the regions front-end (`reader.regions`).
        public var schedule: ReadSchedule = .everyFrame
        var scheduling = OCRScheduler.Configuration()
        /// Seconds a scheduled job's frame may lag the newest frame before the job is dropped (live runs).
        var staleAfter = 1.5

        public init(
            pacing: Pacing, mediaFrameRate: Double, loop: Bool, queueCapacity: Int, workers: Int, ocr: OCRConfiguration,
            reader: FrameReader, liveSource: Bool = false, schedule: ReadSchedule = .everyFrame,
            scheduling: OCRScheduler.Configuration = OCRScheduler.Configuration()
        ) {
            self.pacing = pacing
            self.mediaFrameRate = mediaFrameRate
            self.loop = loop
            self.queueCapacity = queueCapacity
            self.workers = workers
            self.ocr = ocr
            self.reader = reader
            self.liveSource = liveSource
            self.schedule = schedule
            self.scheduling = scheduling
        }
    }

    /// How a run ended.
    public enum Outcome: Sendable {
        /// Frames were read (the stream may still have ended with an error event).
        case finished
        /// Nothing could be read.
        case inputFailed
        /// OCR could not start.
        case startupFailed
    }

    private let options: Options
    private let events: EventStream
    private let logger: Logger
    private let metrics: PipelineMetrics
    private let stats: StatsReporter
    private let stopRequested = Atomic<Bool>(false)
    /// When the source started: the zero of every frame's `time`. Set before the first frame is queued.
    private let streamOrigin = Mutex<MonotonicInstant?>(nil)

    public init(options: Options, events: EventStream, logger: Logger, metrics: PipelineMetrics, stats: StatsReporter) {
        self.options = options
        self.events = events
        self.logger = logger
        self.metrics = metrics
        self.stats = stats
    }

    /// Stops reading frames; ``run(source:stage:)`` then finishes the frames in flight and returns.
    public func stop() {
        stopRequested.store(true, ordering: .relaxed)
    }

    /// Runs the stream to its end and emits the final `STATS`.
    public func run(source: any FrameSource, stage: PriceStage) -> Outcome {
        if options.schedule == .changes, let recognizers = options.reader.regions {
            return runScheduled(source: source, stage: stage, recognizers: recognizers)
        }
        let queue = BoundedQueue<Frame>(
            capacity: options.queueCapacity,
            policy: options.pacing == .fast && !options.liveSource ? .block : .dropOldest)
        let ordered = OrderedDelivery(stage: stage)

        let pool: OCRWorkerPool
        do throws(OCRError) {
            pool = try OCRWorkerPool.start(
                workerCount: options.workers, configuration: options.ocr,
                next: { queue.pop() },
                process: { [self] engine, job in recognize(job, engine: engine, ordered: ordered) })
        } catch {
            reportError(error.description, concerns: "startup")
            return .startupFailed
        }
        stats.setWorkers(pool.workerCount)
        Self.logReady(pool, logger: logger)

        let reading = startReading(source, into: queue)
        let readAnyFrame = reading.wait()
        pool.waitUntilFinished()
        ordered.drain()
        return finish(source: source, readAnyFrame: readAnyFrame)
    }

    /// Runs the stream with `--schedule changes`: the calling thread handles every frame
    /// (``ScheduledReading``) while the workers run the jobs it plans.
    private func runScheduled(source: any FrameSource, stage: PriceStage, recognizers: RegionRecognizerPool) -> Outcome {
        let synchronous = options.pacing == .fast && !options.liveSource
        // `--fast` reads frames ahead, for idle workers to propose their lines (``ProposalsAhead``).
        let ahead = synchronous && options.reader.detectors == nil ? ProposalsAhead(recognizers: recognizers) : nil
        // … and measures their scene changes on the reading thread (``SceneChangesAhead``).
        let changesAhead = synchronous ? SceneChangesAhead() : nil
        let queue = BoundedQueue<Frame>(
            capacity: synchronous ? max(options.queueCapacity, Self.fastReadAhead) : options.queueCapacity,
            policy: synchronous ? .block : .dropOldest)
        let lag = synchronous ? ReadLag(frames: options.scheduling.fastLagFrames, passFrames: options.scheduling.fastPassLagFrames) : nil
        let mailbox = ResultMailbox(lag: lag)
        let metrics = self.metrics
        metrics.ocrJobs.open()
        let jobs = OCRJobQueue(
            staleAfter: synchronous ? nil : options.staleAfter, lag: lag,
            dropped: { job in
                metrics.ocrJobs.recordDropped(kind: job.kind.name)
                mailbox.post(OCRJobResult(job: job.id, kind: job.kind, frameSequence: job.frame.sequence, frameTime: job.time,
                frameWidth: job.frame.width, frameHeight: job.frame.height, dropped: true))
            },
            queued: { metrics.recordOCRQueueDepth($0) })
        // `--fast`: one line per read job, so that both workers finish a frame's reads together
        // (the frame they land on waits for the last). Live: four, as the limit on waiting reads counts jobs.
        let runner = OCRJobRunner(
            recognizers: recognizers, queue: jobs, linesPerReadJob: synchronous ? 1 : 4, extractor: stage.extractor, proposalsAhead: ahead,
            detectors: options.reader.detectors)
        // A missing model fails here, before any frame; the handles then start beside the frame thread.
        do throws(OCRError) {
            _ = try options.ocr.resolvedTessdataDirectory()
        } catch {
            reportError(error.description, concerns: "startup")
            return .startupFailed
        }
        let startup = WorkerStartup(
            start: { [options, metrics, stats, logger] () throws(OCRError) -> OCRWorkerPool in
                let pool = try OCRWorkerPool.start(
                    workerCount: options.workers, configuration: options.ocr,
                    // The frame thread must never wait for OCR to get the CPU: it sets the latency.
                    niceIncrement: synchronous ? 0 : 5,
                    next: {
                        jobs.pop(whenIdle: ahead.map { ahead in
                            {
                                let cpuBegan = ThreadCPUClock.now()
                                guard ahead.proposeNext() else { return false }
                                metrics.ocrJobs.record(kind: "proposals_ahead", cpu: ThreadCPUClock.now() - cpuBegan)
                                return true
                            }
                        })
                    },
                    process: { engine, job in
                        let clock = ContinuousClock()
                        let began = clock.now
                        let age = MonotonicInstant.now().seconds(since: job.frame.timestamp)
                        let cpuBegan = ThreadCPUClock.now()
                        let result = runner.run(job, engine: engine)
                        metrics.ocrJobs.record(kind: job.kind.name, cpu: ThreadCPUClock.now() - cpuBegan)
                        let elapsed = began.duration(to: clock.now)
                        let nanoseconds = Int(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
                        metrics.ocrNanoseconds.add(nanoseconds, ordering: .relaxed)
                        metrics.ocrMilliseconds.record(Double(nanoseconds) / 1e6)
                        metrics.record(.ocr, milliseconds: Double(nanoseconds) / 1e6)
                        Self.trace(result, of: job, age: age, milliseconds: Double(nanoseconds) / 1e6, logger: logger)
                        mailbox.post(result)
                        jobs.finish(job)
                    })
                stats.setWorkers(pool.workerCount)
                Self.logReady(pool, logger: logger)
                return pool
            },
            failed: { [self] error in
                reportError(error.description, concerns: "startup")
                stop()
                jobs.close()
            })
        let frames = ScheduledReading(
            stage: stage, jobs: jobs, mailbox: mailbox, lag: lag, changesAhead: changesAhead,
            configuration: options.scheduling, metrics: metrics
        ) { [self] message, frame in
            reportError(message, concerns: "ocr", frame: frame)
        }
        let reading = startReading(source, into: queue, offering: ahead, measuring: changesAhead)
        let paced = !synchronous
        var next = queue.pop()
        while let job = next {
            let frame = job.element
            if paced {
                metrics.record(.queue, milliseconds: MonotonicInstant.now().seconds(since: frame.timestamp) * 1000)
            }
            // `--fast` looks one frame ahead, so that the last frame can wait for every read still out.
            next = synchronous ? queue.pop() : nil
            let time = frame.timestamp.seconds(since: streamOrigin.withLock { $0 } ?? frame.timestamp)
            ahead?.planning(frame.sequence)
            frames.process(frame, time: time, isLast: synchronous && next == nil)
            let emitted = MonotonicInstant.now()
            metrics.recordOverlaysEmitted(at: emitted)
            metrics.framesProcessed.add(1, ordering: .relaxed)
            if paced {
                let latency = emitted.seconds(since: frame.timestamp) * 1000
                metrics.latencyMilliseconds.record(latency)
                metrics.record(.endToEnd, milliseconds: latency)
                next = queue.pop()
            }
        }
        let readAnyFrame = reading.wait()
        jobs.close()
        switch startup.wait() {
        case .success(let pool):
            pool.waitUntilFinished()
        case .failure:
            events.emit(stats.final())
            return .startupFailed
        }
        return finish(source: source, readAnyFrame: readAnyFrame)
    }

    /// Logs the started workers (debug): how many, and how long their handles took.
    private static func logReady(_ pool: OCRWorkerPool, logger: Logger) {
        logger.debug("OCR workers ready", metadata: [
            "workers": "\(pool.workerCount)", "init_s": "\(pool.initialisationSeconds)",
        ])
    }

    /// Logs one finished OCR job at `trace` level: what it read, for which frame, how long after
    /// that frame's capture it started (`age_ms`) and how long it ran.
    private static func trace(_ result: OCRJobResult, of job: OCRJob, age: Double, milliseconds: Double, logger: Logger) {
        guard logger.logLevel <= .trace else { return }
        func texts(_ lines: [OCRLine]) -> String {
            lines.map { "\"\($0.text)\"@\($0.box.x),\($0.box.y),\($0.box.width)x\($0.box.height)" }.joined(separator: " ")
        }
        var metadata: Logger.Metadata = [
            "job": "\(job.id)", "kind": "\(job.kind.name)", "frame": "\(job.frame.sequence)",
            "age_ms": "\(Int((age * 1000).rounded()))", "ms": "\(Int(milliseconds.rounded()))", "lines": "\(texts(result.lines))",
        ]
        if !result.confirmations.isEmpty { metadata["second_reads"] = "\(texts(result.confirmations))" }
        if !result.tieBreaks.isEmpty { metadata["third_reads"] = "\(texts(result.tieBreaks))" }
        func boxes(_ rects: [PixelRect]) -> String {
            rects.map { "\(Int($0.x)),\(Int($0.y)),\(Int($0.width))x\(Int($0.height))" }.joined(separator: " ")
        }
        if !result.emptyCrops.isEmpty { metadata["empty_crops"] = "\(boxes(result.emptyCrops))" }
        if case .read(let regions, _, _, _, _) = job.kind { metadata["regions"] = "\(boxes(regions.map { OCRJobRunner.rect($0.box) }))" }
        if case .scan(let unread, let forced, _, _, _, _, _) = job.kind {
            metadata["unread_cells"] = "\(unread.count)/\(unread.columns * unread.rows)"
            metadata["forced_cells"] = "\(forced.count)"
        }
        if !result.incomplete.isEmpty { metadata["cut"] = "\(boxes(result.incomplete))" }
        if let failure = result.failure { metadata["failure"] = "\(failure)" }
        logger.trace("ocr job", metadata: metadata)
    }

    /// The source's thread: ``wait()`` returns once it has ended, telling whether any frame was read.
    private final class SourceThread: Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let readAnyFrame = Atomic<Bool>(false)

        init(_ body: @escaping @Sendable () -> Bool) {
            let thread = Thread { [self] in
                readAnyFrame.store(body(), ordering: .releasing)
                done.signal()
            }
            thread.name = "lensd-replay"
            thread.start()
        }

        func wait() -> Bool {
            done.wait()
            return readAnyFrame.load(ordering: .acquiring)
        }
    }

    /// Starts the source on its own thread, so that pacing never waits on OCR; the queue is closed when it ends.
    private func startReading(
        _ source: any FrameSource, into queue: BoundedQueue<Frame>, offering ahead: ProposalsAhead? = nil, measuring changes: SceneChangesAhead? = nil
    ) -> SourceThread {
        let sourceBox = UncheckedSendableBox(source)
        return SourceThread { [self] in
            defer { queue.close() }
            return pump(sourceBox.value, into: queue, offering: ahead, measuring: changes)
        }
    }

    /// Frames a `--fast` replay reads ahead of the frame thread (at least `--queue-capacity`): while
    /// the first frame waits for its whole-frame pass on one worker, the other proposes the lines of
    /// the frames after it, up to this many.
    public static let fastReadAhead = 24

    /// Emits the end of the run (`DEVICE` inactive for a replay, the final `STATS`).
    private func finish(source: any FrameSource, readAnyFrame: Bool) -> Outcome {
        if !options.liveSource {
            events.emit(DeviceMessage(source: "replay", path: source.name, state: .inactive))
        }
        events.emit(stats.final())
        return readAnyFrame ? .finished : .inputFailed
    }

    /// Reads, paces and queues frames until the source ends; returns whether any frame was read.
    private func pump(
        _ source: any FrameSource, into queue: BoundedQueue<Frame>, offering ahead: ProposalsAhead? = nil, measuring changes: SceneChangesAhead? = nil
    ) -> Bool {
        let pacer = ReplayPacer(pacing: options.pacing)
        let origin = MonotonicInstant.now()
        streamOrigin.withLock { $0 = origin }
        var index: UInt64 = 0
        var announced = false
        var rewound = false
        /// The frame read last, when looping: the first frame after a rewind is compared with it.
        var lastFrame: Frame?
        while !events.isClosed, !stopRequested.load(ordering: .relaxed) {
            let event: SourceEvent?
            do throws(ReplayError) {
                event = try source.next()
            } catch {
                reportError(error.description, concerns: "replay", path: source.name)
                break
            }
            switch event {
            case .frame(var frame):
                if !announced {
                    announced = true
                    if !options.liveSource {
                        // Replays answer as a camera without torch or optical zoom would (digital zoom, 1x).
                        events.emit(DeviceMessage(
                            source: "replay", path: source.name, state: .active,
                            width: frame.width, height: frame.height, fps: options.mediaFrameRate,
                            zoom: ZoomMessage(.digital(level: 1)), torch: TorchMessage(.unavailable)))
                    }
                }
                frame.sequence = index
                if rewound, let last = lastFrame {
                    frame.followsCut = Self.isCut(from: last, to: frame)
                }
                rewound = false
                if options.loop { lastFrame = frame }
                if !options.liveSource {
                    pacer.waitForFrame(index)
                    frame.timestamp = options.pacing == .fast
                    ? MonotonicInstant(nanoseconds: origin.nanoseconds + UInt64(Double(index) / options.mediaFrameRate * 1e9))
                    : MonotonicInstant.now()
                }
                index += 1
                metrics.framesIn.add(1, ordering: .relaxed)
                changes?.measure(frame)
                ahead?.offer(frame)
                if let dropped = queue.push(frame) {
                    metrics.framesDropped.add(1, ordering: .relaxed)
                    logger.trace("dropped frame", metadata: ["frame": "\(dropped.sequence)"])
                }
                metrics.recordQueueDepth(queue.depth)
            case .skipped(let error):
                reportError(error.description, concerns: "replay", path: source.name)
            case nil:
                guard options.loop, index > 0 else { return announced }
                do throws(ReplayError) {
                    try source.rewind()
                    rewound = true
                } catch {
                    reportError(error.description, concerns: "replay", path: source.name)
                    return announced
                }
            }
        }
        if !announced {
            reportError("no frame could be read", concerns: "replay", path: source.name)
        }
        return announced
    }

    /// OCRs one frame on a worker thread and hands the result to the ordered stage.
    private func recognize(_ job: BoundedQueue<Frame>.Dequeued, engine: TesseractEngine, ordered: OrderedDelivery<PriceStage>) {
        let frame = job.element
        let paced = options.pacing != .fast || options.liveSource
        if paced {
            metrics.record(.queue, milliseconds: MonotonicInstant.now().seconds(since: frame.timestamp) * 1000)
        }
        let clock = ContinuousClock()
        let began = clock.now
        let result: Result<[OCRLine], OCRError> = frame.luma.withUnsafeBufferPointer { buffer in
            do throws(OCRError) {
                return .success(try options.reader.read(luma: buffer, width: frame.width, height: frame.height, stride: frame.stride, engine: engine))
            } catch {
                return .failure(error)
            }
        }
        let elapsed = began.duration(to: clock.now)
        let nanoseconds = Int(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        metrics.ocrNanoseconds.add(nanoseconds, ordering: .relaxed)
        metrics.ocrMilliseconds.record(Double(nanoseconds) / 1e6)
        metrics.record(.ocr, milliseconds: Double(nanoseconds) / 1e6)
        let time = frame.timestamp.seconds(since: streamOrigin.withLock { $0 } ?? frame.timestamp)
        ordered.deliver(ticket: job.ticket) { [self] stage in
            switch result {
            case .success(let lines):
                let stageBegan = MonotonicInstant.now()
                stage.frameTap?.offer(frame)
                if frame.followsCut { stage.tracker.reset() }
                stage.process(
                    sequence: frame.sequence, time: time, width: frame.width, height: frame.height,
                    luma: frame.luma, stride: frame.stride, lines: lines)
                let emitted = MonotonicInstant.now()
                metrics.recordOverlaysEmitted(at: emitted)
                metrics.record(.frame, milliseconds: emitted.seconds(since: stageBegan) * 1000)
                metrics.framesProcessed.add(1, ordering: .relaxed)
                if paced {
                    let latency = emitted.seconds(since: frame.timestamp) * 1000
                    metrics.latencyMilliseconds.record(latency)
                    metrics.record(.endToEnd, milliseconds: latency)
                }
            case .failure(let error):
                reportError(error.description, concerns: "ocr", frame: frame.sequence)
            }
        }
    }

    /// Whether `next` does not continue `previous`: another size, or a mean luma difference of
    /// more than ``cutDifference`` levels over every 8th pixel of every 8th row (a looping still
    /// or a sequence that ends where it starts continues; a hand-held clip starting again does not).
    static func isCut(from previous: Frame, to next: Frame) -> Bool {
        guard previous.width == next.width, previous.height == next.height else { return true }
        var total = 0, count = 0
        for y in stride(from: 0, to: next.height, by: 8) {
            for x in stride(from: 0, to: next.width, by: 8) {
                total += abs(Int(previous.luma[y * previous.stride + x]) - Int(next.luma[y * next.stride + x]))
                count += 1
            }
        }
        return count > 0 && Double(total) / Double(count) > cutDifference
    }

    /// Mean luma difference (levels) from which a rewound replay's first frame starts a new scene.
    static let cutDifference = 12.0

    private func reportError(_ message: String, concerns: String, path: String? = nil, frame: UInt64? = nil) {
        logger.warning("\(message)")
        events.emit(ErrorMessage(message: message, concerns: concerns, path: path, frame: frame))
    }
}

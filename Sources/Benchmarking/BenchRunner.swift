import Capture
import Evaluation
import Foundation

/// Runs `lensd replay` on a sequence as a child process and measures it from outside: wall
/// time, time to the first `OVERLAYS` line, CPU time and peak RSS (`wait4`), CPU and RSS over time
/// (`/proc`, every 0.5 s); then reads its final `STATS` and scores its output against the truth.
public struct BenchRunner: Sendable {
    /// The `lensd` binary to run.
    var executable: String
    var sequence: BenchSequence
    var truth: TruthFile?
    /// Paced replay at this rate (dropping the oldest waiting frame), or nil for `--fast`.
    var realtimeFPS: Double?
    var workers: Int
    var loop = false
    /// Stop the replay with SIGINT after this many seconds.
    var duration: Double?
    /// More `lensd replay` arguments (`--ocr full-frame`, …).
    var extraArguments: [String] = []
    /// Where each run's output (`run-N.ndjson`) and stderr (`run-N.stderr`) go.
    var directory: String

    public init(
        executable: String, sequence: BenchSequence, truth: TruthFile?, realtimeFPS: Double?, workers: Int,
        loop: Bool = false, duration: Double?, extraArguments: [String] = [], directory: String
    ) {
        self.executable = executable
        self.sequence = sequence
        self.truth = truth
        self.realtimeFPS = realtimeFPS
        self.workers = workers
        self.loop = loop
        self.duration = duration
        self.extraArguments = extraArguments
        self.directory = directory
    }

    /// The child's command line after the executable.
    public var childArguments: [String] {
        var arguments = ["replay"]
        if let realtimeFPS {
            arguments += ["--fps", Self.format(realtimeFPS)]
        } else {
            arguments.append("--fast")
        }
        if loop { arguments.append("--loop") }
        arguments += ["--rates-source", "offline", "--control", "none", "--events", "--workers", "\(workers)"]
        return arguments + extraArguments + [sequence.path]
    }

    /// Runs the replay once (the `index`th run) and returns its figures.
    public func run(index: Int) throws(BenchError) -> BenchFigures {
        let outputPath = (directory as NSString).appendingPathComponent("run-\(index).ndjson")
        let stderrPath = (directory as NSString).appendingPathComponent("run-\(index).stderr")
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .io("cannot write \(outputPath): \(String(cString: strerror(errno)))") }

        let started = MonotonicInstant.now()
        let child: ChildProcess
        do throws(BenchError) {
            child = try ChildProcess.spawn(executable, arguments: childArguments, stderrPath: stderrPath)
        } catch {
            close(output)
            throw error
        }
        let watcher = OutputWatcher(started: started)
        watcher.start(input: child.stdout, output: output)
        let monitor = ProcessMonitor(pid: child.pid, started: started)
        monitor.start()
        let interrupt = DispatchWorkItem { child.send(SIGINT) }
        if let duration {
            DispatchQueue.global().asyncAfter(deadline: .now() + duration, execute: interrupt)
        }
        child.waitUntilEnded()
        interrupt.cancel()
        let samples = monitor.stop()
        let exit = try child.wait()
        let wall = MonotonicInstant.now().seconds(since: started)
        let stream = watcher.finish()

        let stderrTail = String(((try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "").suffix(1500))
        if let signal = exit.signal {
            throw .childFailed("was killed by signal \(signal) (output in \(outputPath))", stderr: stderrTail)
        }
        if let status = exit.status, status != 0 {
            throw .childFailed("exited with status \(status) (output in \(outputPath))", stderr: stderrTail)
        }
        if let failure = stream.failure { throw .io(failure) }
        let analysis = try OutputAnalysis.read(path: outputPath, truth: truth)
        return figures(
            stats: analysis.stats, analysis: analysis, stream: stream, exit: exit, wall: wall,
            series: ResourceSeries(samples: samples))
    }

    private func figures(
        stats: FinalStats, analysis: OutputAnalysis, stream: OutputWatcher.Summary, exit: ChildProcess.Exit,
        wall: Double, series: ResourceSeries
    ) -> BenchFigures {
        let rounded = BenchFigures.rounded
        var figures = BenchFigures()
        figures.wallSeconds = rounded(wall)
        figures.firstOverlaysMs = stream.firstOverlaysSeconds.map { rounded($0 * 1000) }
        figures.pipelineFirstOverlaysMs = stats.firstOverlaysMs
        figures.framesIn = Double(stats.framesIn)
        figures.framesProcessed = Double(stats.framesProcessed)
        figures.overlaysLines = Double(stream.overlaysLines)
        figures.overlaysPercent = stats.framesIn > 0 ? rounded(Double(stream.overlaysLines) / Double(stats.framesIn) * 100) : nil
        figures.fpsIn = stats.fpsIn
        figures.fpsOut = stats.fpsOut
        figures.dropsQueue = Double(stats.drops.queue)
        figures.dropsClients = Double(stats.drops.clients)
        figures.dropsControl = Double(stats.drops.control)
        figures.queueMaxDepth = Double(stats.queueMaxDepth)
        figures.ocrQueueMaxDepth = stats.ocrQueueMaxDepth.map(Double.init)
        figures.errors = Double(stats.errors)
        figures.latency = stats.latency
        figures.cpuSeconds = rounded(exit.cpuSeconds)
        figures.cpuPercent = wall > 0 ? rounded(exit.cpuSeconds / wall * 100) : nil
        figures.cpuPercentSteady = series.steadyCPUPercent.map(rounded)
        figures.cpuPercentAfterConfirmed = stream.lastNewConfirmationSeconds.flatMap { series.cpuPercent(from: $0) }.map(rounded)
        figures.peakRSSBytes = Double(exit.peakRSSBytes)
        // Memory grows while the first frames are read: flatness counts from the first OVERLAYS or 10 % into the run.
        if let memory = series.memory(from: max(stream.firstOverlaysSeconds ?? 0, wall / 10)) {
            figures.rssFirstBytes = Double(memory.first)
            figures.rssLastBytes = Double(memory.last)
            figures.rssMinBytes = Double(memory.min)
            figures.rssMaxBytes = Double(memory.max)
            figures.rssDriftPercent = rounded(memory.driftPercent)
        }
        if let prices = analysis.prices {
            figures.recall = rounded(prices.recall)
            figures.settledRecall = rounded(prices.settledRecall)
            figures.precision = rounded(prices.precision)
            figures.f1 = rounded(prices.f1)
        }
        if let tracking = analysis.tracking {
            figures.confirmSecondsMean = rounded(tracking.confirmSecondsMean)
            figures.confirmSecondsP95 = rounded(tracking.confirmSecondsP95)
            figures.confirmInViewSecondsMean = rounded(tracking.confirmInViewSecondsMean)
            figures.confirmInViewSecondsP95 = rounded(tracking.confirmInViewSecondsP95)
            figures.confirmEnteringSecondsMean = rounded(tracking.confirmEnteringSecondsMean)
            figures.confirmEnteringSecondsP95 = rounded(tracking.confirmEnteringSecondsP95)
            figures.enteringTags = Double(tracking.enteringTags)
            figures.missedTags = Double(tracking.missedTags)
            figures.idSwitches = Double(tracking.idSwitches)
        }
        return figures
    }

    /// A number for a command line: no trailing `.0`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

import ArgumentParser
import Benchmarking
import Evaluation
import Foundation

/// `lensd bench`: replays a sequence with this same binary as a child process and reports
/// throughput, drops, latency, start-up time, CPU, memory and (with ground truth) accuracy.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure a replay: fps, drops, latency percentiles, time to first OVERLAYS, CPU, RSS, recall/precision.",
        discussion: """
            Runs `lensd replay --fast` (or paced with --realtime FPS) on PATH, or on a sequence made \
            on demand with --generate NAME, as a child process with --rates-source offline \
            --control none --events --workers N; arguments after -- go to the replay as well, e.g.
              lensd bench --generate slow-pan-640 --realtime 30
              lensd bench samples/shelf-pan.y4m --json -- --ocr full-frame
            It measures the child from outside (wall time, first OVERLAYS line, CPU and peak RSS \
            from wait4, CPU and RSS every 0.5 s from /proc: steady CPU over the second half, RSS \
            drift from the first OVERLAYS or 10 % into the run) and reads its final STATS (fps, drops, \
            queue depth, per-stage latency). With ground truth (NAME.truth.json next to a .y4m, \
            truth.json in a directory) it scores recall/precision and time to confirm as lensd eval does.
            --generate names: static, slow-pan, fast-pan (longer shutter: strong motion blur), \
            handheld, each -640 (640x480) or -1280 (1280x720); 300 frames at 30 fps made by \
            samples/generate.py (python3 with numpy and Pillow) into bench/out/sequences/ once and \
            reused (138 MB each at 640x480, 415 MB at 1280x720). Generating takes one CPU core for about \
            20 s (static-640), 1 min (slow-pan-640), 3 min (fast-pan-640, slow-pan-1280) or 8 min \
            (fast-pan-1280, 24 sub-exposures a frame); longer on a busy machine.
            Each run's output and stderr stay in bench/out/runs/ (or --out).
            """)

    @Argument(help: ArgumentHelp("A .y4m file, a directory of frames, or an image.", valueName: "path"))
    var path: String?

    @Option(help: ArgumentHelp("Replay a generated bench sequence (made on first use).", valueName: "name"))
    var generate: String?

    @Option(help: ArgumentHelp("Paced replay at this frame rate, dropping the oldest waiting frame (default: --fast).", valueName: "fps"))
    var realtime: Double?

    @Option(help: "OCR workers of the replay (its own default, one on every core).")
    var workers = 1

    @Option(help: "Repeat the replay N times and report each figure's median.")
    var runs = 1

    @Flag(help: "Replay from the start again at the end (with --duration).")
    var loop = false

    @Option(help: ArgumentHelp("Stop the replay with SIGINT after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Directory for the runs' output (default: bench/out/runs/NAME-TIME in the repository).", valueName: "dir"))
    var out: String?

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Argument(parsing: .postTerminator, help: ArgumentHelp("More lensd replay arguments, after --.", valueName: "replay-arguments"))
    var replayArguments: [String] = []

    func validate() throws {
        if (path == nil) == (generate == nil) {
            throw ValidationError("give either a PATH or --generate NAME")
        }
        if let generate, GeneratedSequence.named(generate) == nil {
            throw ValidationError(BenchError.unknownSequenceName(generate).description)
        }
        if let realtime, !(realtime > 0 && realtime <= 1000) {
            throw ValidationError("--realtime must be above 0 and at most 1000")
        }
        if !(1...64).contains(workers) { throw ValidationError("--workers must be between 1 and 64") }
        if !(1...100).contains(runs) { throw ValidationError("--runs must be between 1 and 100") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be above 0") }
        if loop, duration == nil { throw ValidationError("--loop needs --duration") }
    }

    func run() throws {
        do throws(BenchError) {
            let report = try measure()
            if json {
                do {
                    print(try report.json())
                } catch {
                    throw BenchError.io("cannot encode the report: \(error)")
                }
            } else {
                print(report.table)
            }
        } catch {
            FileHandle.standardError.write(Data("lensd bench: \(error.description)\n".utf8))
            throw ExitCode(ExitStatus.inputFailed)
        }
    }

    private func measure() throws(BenchError) -> BenchReport {
        let sequence = try resolveSequence()
        var truth: TruthFile?
        if let truthPath = sequence.truthPath {
            do {
                truth = try TruthFile.load(path: truthPath)
            } catch {
                throw .io("\(error)")
            }
        }
        let directory = try runDirectory(for: sequence)
        let runner = BenchRunner(
            executable: SelfExecutable.path(), sequence: sequence, truth: truth, realtimeFPS: realtime,
            workers: workers, loop: loop, duration: duration, extraArguments: replayArguments, directory: directory)
        var results: [BenchFigures] = []
        for index in 1...runs {
            if runs > 1, !json { Self.note("run \(index) of \(runs)") }
            results.append(try runner.run(index: index))
        }
        return BenchReport(
            sequence: sequence.name, path: sequence.path, truth: sequence.truthPath,
            mode: realtime == nil ? "fast" : "realtime", fps: realtime, workers: workers,
            arguments: runner.childArguments, runDirectory: directory,
            median: BenchFigures.median(of: results), runs: results)
    }

    private func resolveSequence() throws(BenchError) -> BenchSequence {
        if let path { return try BenchSequence.at(path: path) }
        guard let name = generate, let spec = GeneratedSequence.named(name) else {
            throw .unknownSequenceName(generate ?? "")
        }
        return try SequenceGenerator.located().sequence(spec, progress: Self.note)
    }

    private func runDirectory(for sequence: BenchSequence) throws(BenchError) -> String {
        let directory: String
        if let out {
            directory = out
        } else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyyMMdd-HHmmss"
            let stamp = "\(sequence.name)-\(formatter.string(from: Date()))-\(getpid())"
            let base = SequenceGenerator.findRoot().map { ($0 as NSString).appendingPathComponent("bench/out/runs") }
                ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("lensd-bench")
            directory = (base as NSString).appendingPathComponent(stamp)
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(directory): \(error.localizedDescription)")
        }
        return directory
    }

    private static func note(_ text: String) {
        FileHandle.standardError.write(Data("lensd bench: \(text)\n".utf8))
    }
}

import Foundation

/// Makes ``GeneratedSequence``s on demand with the repository's `samples/generate.py` into
/// `bench/out/sequences/` (ignored by git), reusing one made before.
public struct SequenceGenerator {
    /// The repository root: the directory holding `samples/generate.py`.
    let root: String

    var script: String { (root as NSString).appendingPathComponent("samples/generate.py") }
    var directory: String { (root as NSString).appendingPathComponent("bench/out/sequences") }

    /// The repository around the current directory or around the `lensd` binary, if any.
    public static func findRoot() -> String? {
        var candidates = [FileManager.default.currentDirectoryPath]
        var directory = (SelfExecutable.path() as NSString).deletingLastPathComponent
        for _ in 0..<6 {
            candidates.append(directory)
            directory = (directory as NSString).deletingLastPathComponent
        }
        return candidates.first { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("samples/generate.py")) }
    }

    /// The generator of the repository found by ``findRoot()``.
    public static func located() throws(BenchError) -> SequenceGenerator {
        guard let root = findRoot() else { throw .generatorMissing }
        return SequenceGenerator(root: root)
    }

    /// The sequence `spec`, generated first unless it is already there.
    /// - Parameter progress: told what is being generated (it can take minutes).
    public func sequence(_ spec: GeneratedSequence, progress: (String) -> Void) throws(BenchError) -> BenchSequence {
        let video = (directory as NSString).appendingPathComponent(spec.name + ".y4m")
        let truth = (directory as NSString).appendingPathComponent(spec.name + ".truth.json")
        if FileManager.default.fileExists(atPath: video), FileManager.default.fileExists(atPath: truth) {
            return BenchSequence(path: video, truthPath: truth)
        }
        try checkDependencies()
        // Generate beside the final place and move in at the end, so an interrupted run leaves nothing reusable.
        let scratch = (directory as NSString).appendingPathComponent(".generating-\(spec.name)-\(getpid())")
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(scratch): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        progress("generating \(spec.name): \(spec.frames) frames \(spec.width)x\(spec.height) \(spec.motion) into \(directory) (once; can take minutes)")
        let log = (scratch as NSString).appendingPathComponent("generate.log")
        let status = try run(spec.generatorArguments(script: script, directory: scratch), output: log)
        guard status == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw .generatorFailed(spec.name, status: status, stderr: String(text.suffix(2000)))
        }
        for (file, destination) in [(spec.name + ".truth.json", truth), (spec.name + ".y4m", video)] {
            do {
                try? FileManager.default.removeItem(atPath: destination)
                try FileManager.default.moveItem(atPath: (scratch as NSString).appendingPathComponent(file), toPath: destination)
            } catch {
                throw .io("cannot move the generated \(file) to \(destination): \(error.localizedDescription)")
            }
        }
        return BenchSequence(path: video, truthPath: truth)
    }

    /// Fails with a clear message unless `python3` can import numpy and Pillow.
    func checkDependencies() throws(BenchError) {
        let log = (NSTemporaryDirectory() as NSString).appendingPathComponent("lensd-bench-python-\(getpid()).log")
        defer { try? FileManager.default.removeItem(atPath: log) }
        let status = try run(["-c", "import numpy, PIL.Image"], output: log)
        guard status == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let lastLine = text.split(separator: "\n").last.map(String.init) ?? "python3 exited with status \(status)"
            throw .generatorDependencies(lastLine)
        }
    }

    /// Runs `python3 arguments…` in the repository root with stdout and stderr to `output`; returns its exit status.
    private func run(_ arguments: [String], output: String) throws(BenchError) -> Int32 {
        guard FileManager.default.createFile(atPath: output, contents: nil), let handle = FileHandle(forWritingAtPath: output) else {
            throw .io("cannot write \(output)")
        }
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        do {
            try process.run()
        } catch {
            throw .generatorDependencies("cannot run python3: \(error.localizedDescription)")
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

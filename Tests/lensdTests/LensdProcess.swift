import Foundation

/// Runs the built `lensd` executable and collects its NDJSON output, as a consumer would see it.
struct LensdProcess {
    struct Output {
        var status: Int32
        var lines: [[String: Any]]
        var stdout: String
        var stderr: String

        func messages(_ className: String) -> [[String: Any]] {
            lines.filter { $0["class"] as? String == className }
        }
    }

    enum LaunchError: Error { case binaryMissing(String) }

    /// The package root (where `samples/` lives).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `lensd` binary built next to this test bundle.
    static func binary() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("lensd")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw LaunchError.binaryMissing(CommandLine.arguments[0])
    }

    static func sample(_ relativePath: String) -> String {
        packageRoot.appendingPathComponent("samples").appendingPathComponent(relativePath).path
    }

    /// Runs `lensd arguments…`, feeding `stdin` (or nothing), and waits for it to exit.
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.currentDirectoryURL = packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            let writer = input.fileHandleForWriting
            DispatchQueue.global().async {
                writer.write(stdin)
                try? writer.close()
            }
        }
        // Read both pipes concurrently so neither fills up and blocks the child.
        let errData = LockedData()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        let stdout = String(decoding: outData, as: UTF8.self)
        let lines = stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        return Output(status: process.terminationStatus, lines: lines, stdout: stdout, stderr: String(decoding: errData.get(), as: UTF8.self))
    }
}

/// A `Data` shared between the reading thread and the test.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}

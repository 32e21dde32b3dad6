import Foundation

/// A `lensd` process left running, whose NDJSON lines the test reads as they come.
final class RunningLensd: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var buffer = Data()
    private var parsed: [[String: Any]] = []

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = try LensdProcess.binary()
        process.arguments = arguments
        process.currentDirectoryURL = LensdProcess.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData)
        }
        try process.run()
    }

    private func append(_ data: Data) {
        lock.withLock {
            buffer.append(data)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                if let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] {
                    parsed.append(object)
                }
            }
        }
    }

    var lines: [[String: Any]] { lock.withLock { parsed } }

    /// Waits until some line satisfies `predicate`, or `timeout` seconds pass.
    func waitForLine(timeout: Double, where predicate: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let match = lines.first(where: predicate) { return match }
            usleep(20_000)
        }
        return nil
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Ends the process for good (SIGKILL: test runners may hand children an ignored SIGTERM).
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
    }
}

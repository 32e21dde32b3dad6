import Foundation

/// A running `lensd replay` daemon: its stdout lines arrive as they are written, stdin stays open
/// for control messages, and the test can signal it and wait for it with a time limit.
final class DaemonProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var stdoutLines: [String] = []
    private var stderrText = ""
    private let outputDone = DispatchSemaphore(value: 0)

    /// Starts lensd with `arguments`; `environment` adds to (or replaces entries of) the test's.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = try LensdProcess.binary()
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = LensdProcess.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                var lines: [String] = []
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
                lock.withLock { stdoutLines.append(contentsOf: lines) }
            }
            outputDone.signal()
        }
        Thread.detachNewThread { [self] in
            while true {
                let chunk = err.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                lock.withLock { stderrText += String(decoding: chunk, as: UTF8.self) }
            }
        }
    }

    var pid: Int32 { process.processIdentifier }
    var lines: [String] { lock.withLock { stdoutLines } }
    var stderr: String { lock.withLock { stderrText } }

    /// The stdout lines parsed as JSON objects.
    var messages: [[String: Any]] {
        lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    func messages(_ className: String) -> [[String: Any]] {
        messages.filter { $0["class"] as? String == className }
    }

    /// Writes bytes to the daemon's stdin.
    func write(_ data: Data) {
        input.fileHandleForWriting.write(data)
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Polls until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    func waitUntil(timeout: Double, _ condition: (DaemonProcess) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(self) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition(self)
    }

    /// Waits up to `timeout` seconds for the exit and all output; the status, or nil if still running.
    func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        guard !process.isRunning else { return nil }
        _ = outputDone.wait(timeout: .now() + 2)
        return process.terminationStatus
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Ends the daemon if a test left it running.
    func terminate() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit {
        terminate()
    }
}

import Foundation

/// A real HTTP server on 127.0.0.1 (Python's `http.server`) serving the files of a folder.
final class LocalHTTPServer {
    let port: Int
    let root: URL
    private let process: Process

    enum StartError: Error { case noPort(String) }

    init(serving root: URL) throws {
        self.root = root
        // The banner goes to a file the test polls: no pipe for the long-lived child to hold.
        let banner = root.deletingLastPathComponent().appendingPathComponent("http-server-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: banner.path, contents: nil) else { throw StartError.noPort(banner.path) }
        let log = try FileHandle(forWritingTo: banner)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = FileHandle.nullDevice
        try process.run()
        try log.close()
        self.process = process
        // "Serving HTTP on 127.0.0.1 port 45678 (http://127.0.0.1:45678/) ..."
        let deadline = Date().addingTimeInterval(10)
        var port: Int?
        while port == nil, Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: banner, encoding: .utf8)) ?? ""
            if let range = text.range(of: "port "), text.contains("\n") {
                port = Int(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                usleep(20_000)
            }
        }
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            throw StartError.noPort((try? String(contentsOf: banner, encoding: .utf8)) ?? "")
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Kills the server (SIGKILL: the test runner's children may inherit an ignored SIGTERM).
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        stop()
    }
}

import Foundation
import Testing

/// The packaged systemd units: how exposed `systemd-analyze security` finds them, and that the
/// per-camera template keeps the single unit's sandbox.
@Suite("systemd units", .serialized)
struct ServiceUnitTests {
    static func unit(_ name: String) throws -> String {
        try String(contentsOf: LensdProcess.packageRoot.appendingPathComponent("packaging/\(name)"), encoding: .utf8)
    }

    /// `systemd-analyze security --offline=yes` of `file`: its overall exposure, nil when the tool is missing.
    static func exposure(of file: String) throws -> Double? {
        let tool = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let tool else { return nil }
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["security", "--offline=yes", "--no-pager", file]
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = try #require(text.split(separator: "\n").first { $0.contains("Overall exposure level") }, "\(text)")
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        #expect(!numbers.isEmpty, "no score in \(line)")
        return numbers.last ?? .infinity
    }

    @Test("both units score 3.0 or less in systemd-analyze security")
    func unitsAreHardened() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        // The template is analysed as an instance of it, as systemd would run it.
        for (name, file) in [("lensd.service", "lensd.service"), ("lensd@.service", "lensd@video0.service")] {
            let path = temporary.file(file)
            try Data(try Self.unit(name).utf8).write(to: URL(fileURLWithPath: path))
            guard let exposure = try Self.exposure(of: path) else {
                Issue.record("systemd-analyze is not installed (apt-get install systemd)")
                return
            }
            #expect(exposure <= 3.0, "\(name): \(exposure)")
        }
    }

    @Test("the template keeps the single unit's service settings and sandbox, per instance where they name the camera")
    func templateMatchesUnit() throws {
        func settings(_ text: String) -> [String] {
            text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        }
        let single = settings(try Self.unit("lensd.service")), template = settings(try Self.unit("lensd@.service"))
        let differing = Set(single).symmetricDifference(template).sorted()
        #expect(differing.allSatisfy { $0.hasPrefix("Description=") || $0.hasPrefix("RuntimeDirectory=") || $0.hasPrefix("ExecStart=") }, "\(differing)")
        #expect(template.contains("RuntimeDirectory=lensd/%i"))
        #expect(template.contains { $0.hasPrefix("ExecStart=") && $0.contains("--device /dev/%i") && $0.contains("unix:/run/lensd/%i/lensd.sock") })
        #expect(single.contains("Type=notify") && single.contains { $0.hasPrefix("WatchdogSec=") })
    }
}

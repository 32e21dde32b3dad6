import Foundation
import Testing

/// Runs `examples/lensd_consumer.py` for real against a running daemon.
@Suite("Example consumer", .serialized)
struct ExampleConsumerTests {
    @Test("prints converted prices from the socket and locks the first one")
    func consumerPrintsPricesAndLocks() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let socket = temporary.file("lensd.sock")
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "30", "--workers", "1", "--control", "none",
            "--listen", "unix:" + socket, LensdProcess.sample("stills/tags-01.png"), "--target", "EUR",
        ])
        defer { daemon.terminate() }
        try #require(daemon.waitUntil(timeout: 30) { !$0.messages("OVERLAYS").isEmpty }, "stderr: \(daemon.stderr)")

        let consumer = Process()
        consumer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        consumer.arguments = ["python3", LensdProcess.packageRoot.appendingPathComponent("examples/lensd_consumer.py").path,
                              "--socket", socket, "--lock", "--frames", "6", "--timeout", "30"]
        let output = Pipe()
        consumer.standardOutput = output
        consumer.standardError = output
        try consumer.run()
        let watchdog = DispatchWorkItem { consumer.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: watchdog)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        consumer.waitUntilExit()
        watchdog.cancel()

        #expect(consumer.terminationStatus == 0, "\(text)")
        #expect(text.contains("rates: EUR from ecb-bundled"))
        #expect(text.contains("→ €"), "converted prices are printed: \(text)")
        #expect(text.range(of: #"locked p\d+"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("[locked]"), "the locked price is marked in later frames: \(text)")
    }

    @Test("reports a socket that is not there in one sentence and exit 2, without a traceback")
    func consumerReportsMissingSocket() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let consumer = Process()
        consumer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        consumer.arguments = ["python3", LensdProcess.packageRoot.appendingPathComponent("examples/lensd_consumer.py").path,
                              "--socket", temporary.file("absent.sock")]
        let output = Pipe()
        consumer.standardOutput = output
        consumer.standardError = output
        try consumer.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        consumer.waitUntilExit()
        #expect(consumer.terminationStatus == 2, "\(text)")
        #expect(text.contains("cannot connect to") && text.contains("No such file or directory"), "\(text)")
        #expect(!text.contains("Traceback"), "\(text)")
    }
}

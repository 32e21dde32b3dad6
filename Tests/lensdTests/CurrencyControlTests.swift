import Foundation
import Testing

/// The `currency` and `preset` control messages take effect only for currencies the rate table
/// converts: an `ACK` means the prices will be converted.
@Suite("currency control against the rate table", .serialized)
struct CurrencyControlTests {
    @Test("a currency without a rate is refused with an ERROR and changes nothing; a convertible one is ACKed")
    func unconvertibleCurrencyIsRefused() throws {
        let scratch = try TemporaryPath()
        defer { scratch.remove() }
        let config = scratch.file("presets.json")
        try Data(#"{"presets":{"no-rate":{"source":"JPY","targets":["XXX"]}}}"#.utf8).write(to: URL(fileURLWithPath: config))
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "30", "--workers", "1", "--ocr", "regions", "--control", "stdin", "--rates-source", "offline",
            "--config", config, "--source", "USD", "--target", "EUR", LensdProcess.sample("stills/tags-01.png"),
        ])
        defer { daemon.terminate() }
        for line in [
            #"{"cmd":"currency","targets":["XXX"],"id":"no-rate"}"#,
            #"{"cmd":"currency","source":"KWD","targets":["USD"],"id":"no-rate-source"}"#,
            #"{"cmd":"preset","name":"no-rate","id":"no-rate-preset"}"#,
            #"{"cmd":"currency","autoDetect":true,"id":"unchanged"}"#,
            #"{"cmd":"currency","targets":["JPY","CHF"],"id":"convertible"}"#,
        ] {
            daemon.write(Data(line.utf8 + [0x0A]))
        }
        let replied = daemon.waitUntil(timeout: 30) { daemon in
            (daemon.messages("ACK") + daemon.messages("ERROR")).filter { $0["id"] != nil }.count >= 5
        }
        try #require(replied, "stderr: \(daemon.stderr)")

        func error(_ id: String) -> [String: Any]? { daemon.messages("ERROR").first { $0["id"] as? String == id } }
        func ack(_ id: String) -> [String: Any]? { daemon.messages("ACK").first { $0["id"] as? String == id } }
        let noRate = try #require(error("no-rate"))
        #expect(noRate["cmd"] as? String == "currency")
        #expect((noRate["message"] as? String)?.contains("XXX") == true)
        #expect((noRate["message"] as? String)?.contains("nothing changed") == true)
        #expect((error("no-rate-source")?["message"] as? String)?.contains("KWD") == true)
        #expect((error("no-rate-preset")?["message"] as? String)?.contains("no-rate") == true)

        let unchanged = try #require(ack("unchanged")?["currency"] as? [String: Any])
        #expect(unchanged["source"] as? String == "USD")
        #expect(unchanged["targets"] as? [String] == ["EUR"])
        let changed = try #require(ack("convertible")?["currency"] as? [String: Any])
        #expect(changed["targets"] as? [String] == ["JPY", "CHF"])

        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 30) == 0)
    }
}

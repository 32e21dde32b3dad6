import Foundation
import Testing

/// Exchange rates as the daemon and `lensd convert` use them: bundled, file, network, cache, presets.
@Suite("lensd rates end to end", .serialized)
final class RatesIntegrationTests {
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lensd-rates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    var offline: [String: String] { ["XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "EXCHANGERATE_API_KEY": ""] }

    @Test("convert prints the result, the rate, the rates' date and a stale warning")
    func convertText() throws {
        let run = try LensdProcess.run(["convert", "12.99", "EUR", "USD", "JPY", "--locale", "en_US"], environment: offline)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("$14.51"))
        #expect(run.stdout.contains("¥2,282"))
        #expect(run.stdout.contains("1 EUR = 1.1172 USD"))
        #expect(run.stdout.contains("2026-10-30"))
        #expect(run.stdout.contains("STALE"))
    }

    @Test("the first command reads the currency symbols from ICU into the cache directory, the next reuses them")
    func currencySpellingsAreCached() throws {
        let first = try LensdProcess.run(["convert", "€12.99", "EUR", "USD", "--locale", "en_US"], environment: offline)
        #expect(first.status == 0, "\(first.stderr)")
        let directory = scratch.appendingPathComponent("cache/lensd")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("currency-spellings-") }
        #expect(files.count == 1)
        let file = try #require(files.first.map { directory.appendingPathComponent($0) })
        let written = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        let second = try LensdProcess.run(["convert", "€12.99", "EUR", "USD", "--locale", "en_US"], environment: offline)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == written)
    }

    @Test("convert --json gives amounts with the target's minor units, the rate and the rates' freshness")
    func convertJSON() throws {
        let run = try LensdProcess.run(["convert", "$1,299.99", "USD", "JPY", "EUR", "--json"], environment: offline)
        #expect(run.status == 0, "\(run.stderr)")
        let answer = try #require(run.messages("CONVERSION").first)
        #expect(answer["amount"] as? String == "1299.99")
        let results = try #require(answer["results"] as? [[String: Any]])
        // 1299.99 / 1.1172 * 175.68 = 204423.78 → JPY has no minor unit.
        #expect(results.first?["amount"] as? String == "204424")
        #expect(results.last?["amount"] as? String == "1163.61")
        let rates = try #require(answer["rates"] as? [String: Any])
        #expect(rates["origin"] as? String == "bundled" && rates["stale"] as? Bool == true)
    }

    @Test("convert reads a typed amount of any size exactly: large, grouped, with more decimals than its currency, in the --locale's notation")
    func convertReadsTypedAmounts() throws {
        let cases: [(arguments: [String], amount: String, converted: String)] = [
            (["1000000", "IDR", "EUR"], "1000000", "49.32"),
            (["1,500,000", "KRW", "USD"], "1500000", "1123.37"),
            (["999999999.99", "USD", "EUR"], "999999999.99", "895094880.05"),
            (["1'299.00", "CHF", "EUR"], "1299.00", "1412.88"),
            (["12,99", "EUR", "USD", "--locale", "de_DE"], "12.99", "14.51"),
            (["1.299,00", "EUR", "USD", "--locale", "de_DE"], "1299.00", "1451.24"),
        ]
        for (arguments, amount, converted) in cases {
            let run = try LensdProcess.run(["convert"] + arguments + ["--json"], environment: offline)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let answer = try #require(run.messages("CONVERSION").first, "\(arguments)")
            #expect(answer["amount"] as? String == amount, "\(arguments)")
            let results = try #require(answer["results"] as? [[String: Any]])
            #expect(results.first?["amount"] as? String == converted, "\(arguments)")
        }
        let precise = try LensdProcess.run(["convert", "12.345", "USD", "EUR", "--json"], environment: offline)
        #expect(precise.status == 0, "\(precise.stderr)")
        let results = try #require(precise.messages("CONVERSION").first?["results"] as? [[String: Any]])
        // 12.345 / 1.1172 = 11.0499: read as twelve and a bit, not twelve thousand.
        #expect(results.first?["amount"] as? String == "11.05")
        #expect(precise.stderr.contains("12.345 has 3 decimals, USD has 2"))
        let shown = try LensdProcess.run(["convert", "12.345", "USD", "EUR"], environment: offline)
        #expect(shown.stdout.hasPrefix("12.345 USD = €11.05"), "\(shown.stdout)")
    }

    @Test("convert refuses a decimal comma without a --locale that writes one, and says how to give it")
    func convertNamesTheNotation() throws {
        for arguments in [["convert", "12,99", "EUR", "USD"], ["convert", "1,5,0", "EUR", "USD"], ["convert", "--", "-5", "EUR", "USD"]] {
            let run = try LensdProcess.run(arguments, environment: offline)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
        }
        let comma = try LensdProcess.run(["convert", "12,99", "EUR", "USD"], environment: offline)
        #expect(comma.stderr.contains("--locale de_DE"), "\(comma.stderr)")
    }

    @Test("an unknown --locale is refused by convert and by scan, naming it; POSIX spellings of known ones are read")
    func unknownLocaleIsRefused() throws {
        let convert = try LensdProcess.run(["convert", "1", "EUR", "USD", "--locale", "xx_YY"], environment: offline)
        #expect(convert.status == 2)
        #expect(convert.stderr.contains("unknown locale 'xx_YY'"), "\(convert.stderr)")
        #expect(convert.stdout.isEmpty)
        let scan = try LensdProcess.run(["scan", "--locale", "xx_YY", "samples/stills"], environment: offline)
        #expect(scan.status != 0)
        #expect(scan.stderr.contains("unknown locale 'xx_YY'"), "\(scan.stderr)")
        let posix = try LensdProcess.run(["convert", "1,5", "EUR", "USD", "--locale", "de_DE.UTF-8", "--json"], environment: offline)
        #expect(posix.status == 0, "\(posix.stderr)")
        #expect(posix.messages("CONVERSION").first?["amount"] as? String == "1.50")
    }

    @Test("convert rejects garbage, unknown codes and a symbol that contradicts FROM with status 2")
    func convertRejects() throws {
        for arguments in [["convert", "twelve", "EUR", "USD"], ["convert", "12", "XYZ", "USD"], ["convert", "£5", "USD", "EUR"], ["convert", "12.99.1", "EUR"]] {
            let run = try LensdProcess.run(arguments, environment: offline)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("lensd convert:"), "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("a --rates file is used and named in RATES and in every conversion")
    func ratesFile() throws {
        let file = scratch.appendingPathComponent("rates.csv")
        try "Date, USD, JPY, \n20 November 2026, 2.0000, 100.00, \n".write(to: file, atomically: true, encoding: .utf8)
        let run = try LensdProcess.run(
            ["convert", "10", "USD", "EUR", "JPY", "--json", "--rates", file.path], environment: offline)
        #expect(run.status == 0, "\(run.stderr)")
        let answer = try #require(run.messages("CONVERSION").first)
        let results = try #require(answer["results"] as? [[String: Any]])
        #expect(results.map { $0["amount"] as? String } == ["5.00", "500"])
        let rates = try #require(answer["rates"] as? [String: Any])
        #expect(rates["origin"] as? String == "file")
        #expect(rates["date"] as? String == "2026-11-20")
    }

    @Test("a malformed --rates file stops lensd at startup with a message naming it")
    func badRatesFile() throws {
        let file = scratch.appendingPathComponent("broken.csv")
        try "this is not a rate table".write(to: file, atomically: true, encoding: .utf8)
        let run = try LensdProcess.run(["replay", "--fast", "--rates", file.path, LensdProcess.sample("stills/tags-01.png")], environment: offline)
        #expect(run.status == 3)
        let error = try #require(run.messages("ERROR").first)
        #expect((error["message"] as? String ?? "").contains("broken.csv"))
    }

    @Test("ECB rates fetched over HTTP are used, cached, and served from the cache when the server is gone")
    func networkThenCache() throws {
        let root = scratch.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let today = ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withFullDate])
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
            <gesmes:subject>Reference rates</gesmes:subject>
            <Cube><Cube time="\(today)"><Cube currency="USD" rate="1.2500"/><Cube currency="JPY" rate="150.00"/></Cube></Cube>
            </gesmes:Envelope>
            """.write(to: root.appendingPathComponent("eurofxref-daily.xml"), atomically: true, encoding: .utf8)
        let server = try LocalHTTPServer(serving: root)
        let arguments = ["convert", "10", "EUR", "USD", "--json", "--rates-source", "ecb", "--rates-url", server.url("eurofxref-daily.xml")]
        let fetched = try LensdProcess.run(arguments, environment: offline)
        server.stop()
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let fresh = try #require(fetched.messages("CONVERSION").first?["rates"] as? [String: Any])
        #expect(fresh["origin"] as? String == "network")
        #expect(fresh["source"] as? String == "ecb")
        #expect(fresh["date"] as? String == today)
        #expect(fresh["stale"] as? Bool == false)
        #expect((fetched.messages("CONVERSION").first?["results"] as? [[String: Any]])?.first?["amount"] as? String == "12.50")
        let cacheFile = scratch.appendingPathComponent("cache/lensd/rates-ecb-EUR.json")
        #expect(FileManager.default.fileExists(atPath: cacheFile.path))

        let cached = try LensdProcess.run(arguments, environment: offline)
        #expect(cached.status == 0, "\(cached.stderr)")
        let fromCache = try #require(cached.messages("CONVERSION").first?["rates"] as? [String: Any])
        #expect(fromCache["origin"] as? String == "cache")
        #expect(fromCache["date"] as? String == today)
    }

    @Test("convert's text output says why the rates could not be fetched, as --json does in last_error")
    func convertTextNamesFetchFailure() throws {
        let arguments = ["convert", "10", "EUR", "USD", "--rates-source", "ecb", "--rates-url", "http://127.0.0.1:1/eurofxref-daily.xml"]
        let text = try LensdProcess.run(arguments, environment: offline)
        #expect(text.status == 0, "\(text.stderr)")
        let json = try LensdProcess.run(arguments + ["--json"], environment: offline)
        let failure = try #require((json.messages("CONVERSION").first?["rates"] as? [String: Any])?["last_error"] as? String)
        #expect(text.stdout.contains("rates could not be updated: \(failure)"), "\(text.stdout)")
    }

    @Test("a preset from --config sets the source and targets of a replay; RATES comes before any overlay")
    func presetReplay() throws {
        let config = scratch.appendingPathComponent("lensd.json")
        try #"{"presets":{"travel-uk":{"source":"GBP","targets":["JPY","CHF"]}}}"#.write(to: config, atomically: true, encoding: .utf8)
        let run = try LensdProcess.run(
            ["scan", "--json", "--config", config.path, "--preset", "travel-uk", LensdProcess.sample("stills/tags-01.png")],
            environment: offline)
        #expect(run.status == 0, "\(run.stderr)")
        let prices = try #require(run.messages("SCAN").first?["prices"] as? [[String: Any]])
        #expect(!prices.isEmpty)
        for price in prices {
            let converted = try #require(price["converted"] as? [[String: Any]])
            #expect(converted.compactMap { $0["currency"] as? String } == ["JPY", "CHF"])
            #expect(converted.allSatisfy { $0["stale"] as? Bool == true && ($0["age_s"] as? Int ?? 0) > 0 })
        }
        let unknown = try LensdProcess.run(
            ["scan", "--config", config.path, "--preset", "nope", LensdProcess.sample("stills/tags-01.png")], environment: offline)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("travel-uk"))
    }
}

@Suite("lensd microbench")
struct MicrobenchTests {
    @Test("the extractor benchmark runs over the whole corpus and finds its labelled prices")
    func extractorBenchmark() throws {
        let run = try LensdProcess.run(["microbench", "extractor", "--passes", "1", "--runs", "1", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(run.lines.first)
        #expect(summary["work"] as? Int == 800)
        #expect(summary["results"] as? Int == 673)
        #expect((summary["median"] as? Double ?? 0) > 0)
    }

    @Test("the proposals benchmark proposes the same lines on every pass over a recording")
    func proposalsBenchmark() throws {
        let arguments = ["microbench", "proposals", LensdProcess.sample("shelf-pan.y4m"), "--runs", "1", "--json"]
        let first = try LensdProcess.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try #require(first.lines.first)
        #expect(summary["work"] as? Int == 12)
        let checksum = try #require(summary["results"] as? Int)
        #expect(checksum != 0)
        let second = try LensdProcess.run(arguments)
        #expect(second.lines.first?["results"] as? Int == checksum)
    }

    @Test("the conversion benchmark converts every amount")
    func conversionBenchmark() throws {
        let run = try LensdProcess.run(["microbench", "conversions", "--count", "500", "--runs", "1", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.first?["results"] as? Int == 500)
    }

    @Test("the recogniser benchmark times each width asked for and the direction classifier")
    func recognizerBenchmark() throws {
        let run = try LensdProcess.run(["microbench", "recognizer", "--widths", "160,320", "--lines", "2", "--runs", "1", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.map { $0["benchmark"] as? String } == ["recogniser 48x160", "recogniser 48x320", "direction classifier 48x192"])
        #expect(run.lines.allSatisfy { ($0["medianMilliseconds"] as? Double ?? 0) > 0 })
        let refused = try LensdProcess.run(["microbench", "recognizer", "--widths", "0"])
        #expect(refused.status != 0 && refused.stderr.contains("--widths"))
    }
}

@Suite("lensd rates on a running daemon", .serialized)
struct RatesSignalTests {
    @Test("SIGHUP re-reads the rates and a RATES line announces the new table")
    func hangupRefreshes() throws {
        let scratch = try TemporaryPath()
        defer { scratch.remove() }
        let file = scratch.file("rates.csv")
        try "Date, USD, GBP, \n19 November 2026, 1.0000, 1.0000, \n".write(toFile: file, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(
            ["replay", "--loop", "--fps", "10", "--workers", "1", "--control", "none", "--rates-source", "offline",
             "--rates", file, "--target", "EUR", LensdProcess.sample("stills/tags-01.png")])
        defer { daemon.terminate() }
        #expect(daemon.waitUntil(timeout: 20) { $0.messages("RATES").first?["date"] as? String == "2026-11-19" })
        #expect(daemon.waitUntil(timeout: 30) { !$0.messages("OVERLAYS").isEmpty })

        try "Date, USD, GBP, \n20 November 2026, 2.0000, 2.0000, \n".write(toFile: file, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitUntil(timeout: 20) { daemon in
            daemon.messages("RATES").contains { $0["date"] as? String == "2026-11-20" && $0["origin"] as? String == "file" }
        })
        #expect(daemon.waitForExit(timeout: 0.5) == nil, "SIGHUP must not end lensd")
    }
}

import Foundation
import Testing

/// Every line lensd writes, checked against the JSON Schema of its class in `docs/schema/`.
@Suite("Protocol schemas against real output", .serialized)
struct ProtocolSchemaTests {
    static let schemaDirectory = LensdProcess.packageRoot.appendingPathComponent("docs/schema")

    static func validators() throws -> [String: SchemaValidator] {
        var validators: [String: SchemaValidator] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: schemaDirectory.path) where file.hasSuffix(".schema.json") {
            let schema = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: schemaDirectory.appendingPathComponent(file)))
            guard case .object(let root) = schema, case .object(let properties)? = root["properties"],
                  case .object(let classField)? = properties["class"], case .string(let name)? = classField["const"] else {
                Issue.record("\(file) names no class")
                continue
            }
            validators[name] = SchemaValidator(root: schema)
        }
        return validators
    }

    /// Checks each line; returns the classes seen.
    @discardableResult
    static func validate(_ lines: [String], with validators: [String: SchemaValidator]) throws -> Set<String> {
        var seen: Set<String> = []
        for line in lines where !line.isEmpty {
            let value = try JSONValue.parse(line)
            guard case .object(let fields) = value, case .string(let name)? = fields["class"] else {
                Issue.record("line without class: \(line)")
                continue
            }
            seen.insert(name)
            guard let validator = validators[name] else {
                Issue.record("no schema for class \(name)")
                continue
            }
            let problems = validator.problems(value)
            #expect(problems.isEmpty, "\(name): \(problems) in \(line.prefix(300))")
        }
        return seen
    }

    @Test("the validator catches missing, undocumented and mistyped fields")
    func validatorCatchesProblems() throws {
        let validators = try Self.validators()
        let version = try #require(validators["VERSION"])
        #expect(version.problems(try JSONValue.parse(#"{"class":"VERSION","release":"0.1.0","proto_major":1,"proto_minor":0}"#)).isEmpty)
        #expect(!version.problems(try JSONValue.parse(#"{"class":"VERSION","release":"0.1.0","proto_major":1}"#)).isEmpty)
        #expect(!version.problems(try JSONValue.parse(#"{"class":"VERSION","release":"0.1.0","proto_major":true,"proto_minor":0}"#)).isEmpty)
        #expect(!version.problems(try JSONValue.parse(#"{"class":"VERSION","release":"0.1.0","proto_major":1,"proto_minor":0,"x":1}"#)).isEmpty)
    }

    @Test("a daemon's stream, socket replies to every command, scan and convert output all match their schemas")
    func realOutputMatchesSchemas() throws {
        let validators = try Self.validators()
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let config = temporary.file("presets.json")
        try Data(#"{"presets":{"travel-jp":{"source":"JPY","targets":["EUR","USD"]}}}"#.utf8).write(to: URL(fileURLWithPath: config))
        let socket = temporary.file("lensd.sock")
        let daemon = try DaemonProcess([
            "replay", "--loop", "--fps", "30", "--workers", "1", "--ocr", "regions", "--stats-interval", "0.5", "--events", "--config", config,
            "--listen", "unix:" + socket, LensdProcess.sample("stills/tags-01.png"), "--target", "EUR",
        ])
        defer { daemon.terminate() }
        // A TRACK line comes once the first reads have landed (the OCR scheduler reads the still in the background).
        // The line finder reads it in a second even on a loaded machine; the detector's live jobs can go stale there.
        try #require(daemon.waitUntil(timeout: 60) { !$0.messages("TRACK").isEmpty }, "stderr: \(daemon.stderr)")
        let client = try SocketClient(path: socket)
        client.send("""
            {"cmd":"status","id":1}
            {"cmd":"zoom","level":2.5,"id":"z"}
            {"cmd":"torch","on":true}
            {"cmd":"lock","id":"p1"}
            {"cmd":"unlock"}
            {"cmd":"currency","source":"EUR","targets":["USD","JPY"],"autoDetect":false}
            {"cmd":"preset","name":"travel-jp"}
            {"cmd":"rates"}
            {"cmd":"bogus"}

            """)
        daemon.write(Data(#"{"cmd":"status","id":"stdin"}"#.utf8 + [UInt8(ascii: "\n")]))
        #expect(client.waitForLines(timeout: 30) { $0.filter { $0.hasPrefix(#"{"class":"ACK""#) }.count >= 6 })
        #expect(daemon.waitUntil(timeout: 30) { $0.messages("STATS").count >= 2 })
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0)

        let streamClasses = try Self.validate(daemon.lines, with: validators)
        #expect(streamClasses.isSuperset(of: ["VERSION", "RATES", "DEVICE", "OVERLAYS", "STATS", "ACK", "TRACK"]))
        let clientClasses = try Self.validate(client.lines, with: validators)
        #expect(clientClasses.isSuperset(of: ["VERSION", "RATES", "DEVICE", "OVERLAYS", "STATS", "ACK", "ERROR"]))

        let scan = try LensdProcess.run(["scan", "--json", "--target", "EUR", LensdProcess.sample("stills/tags-01.png")])
        #expect(try Self.validate(scan.stdout.split(separator: "\n").map(String.init), with: validators).contains("SCAN"))
        let convert = try LensdProcess.run(["convert", "--json", "12.50", "USD", "EUR", "JPY"])
        #expect(try Self.validate(convert.stdout.split(separator: "\n").map(String.init), with: validators).contains("CONVERSION"))
    }
}

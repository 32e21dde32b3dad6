import Foundation
import Testing

/// Every line lensd writes, checked against the JSON Schema of its class in `docs/schema/`.
@Suite("Protocol schemas against real output", .serialized)
struct ProtocolSchemaTests {
    static let schemaDirectory = LensdProcess.packageRoot.appendingPathComponent("docs/schema")

    /// A validator per class; `documentedOnly` ones also refuse fields their schema does not list.
    static func validators(documentedOnly: Bool = true) throws -> [String: SchemaValidator] {
        var validators: [String: SchemaValidator] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: schemaDirectory.path) where file.hasSuffix(".schema.json") {
            let schema = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: schemaDirectory.appendingPathComponent(file)))
            guard case .object(let root) = schema, case .object(let properties)? = root["properties"],
                  case .object(let classField)? = properties["class"], case .string(let name)? = classField["const"] else {
                Issue.record("\(file) names no class")
                continue
            }
            validators[name] = SchemaValidator(root: schema, documentedOnly: documentedOnly)
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

    @Test("the published schemas accept a field that a later minor version adds, at the top and inside nested objects")
    func schemasAcceptAddedFields() throws {
        let validators = try Self.validators(documentedOnly: false)
        let additions = [
            #"{"class":"VERSION","release":"0.1.0","proto_major":1,"proto_minor":9,"added":true}"#,
            #"{"class":"ACK","cmd":"zoom","id":"z1","zoom":{"kind":"digital","level":4,"max":4,"min":1,"added":1},"added":"x"}"#,
            #"{"class":"STATS","final":true,"frames_in":60,"frames_processed":60,"frames_dropped":0,"fps_in":9.5,"fps_out":9.5,"queue_depth":0,"queue_max_depth":2,"drops":{"queue":0,"clients":0,"control":0,"added":0},"errors":0,"ocr_seconds":12.1,"ocr_ms_mean":201.7,"wall_seconds":6.3,"workers":2,"clients":0,"added":[1]}"#,
        ]
        for line in additions {
            let value = try JSONValue.parse(line)
            guard case .object(let fields) = value, case .string(let name)? = fields["class"], let validator = validators[name] else {
                Issue.record("no schema for \(line)")
                continue
            }
            #expect(validator.problems(value).isEmpty, "\(name): \(validator.problems(value))")
            var strict = validator
            strict.documentedOnly = true
            #expect(strict.problems(value).contains { $0.contains("undocumented field added") })
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path) where file.hasSuffix(".schema.json") {
            let text = try String(contentsOf: Self.schemaDirectory.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(#""additionalProperties": false"#), "\(file) refuses fields a minor version adds")
        }
    }

    @Test("every complete JSON example in docs/protocol.md and the README matches the schema of its class")
    func documentationExamplesMatchSchemas() throws {
        let validators = try Self.validators()
        var checked: [String: Int] = [:]
        for document in ["docs/protocol.md", "README.md"] {
            let text = try String(contentsOf: LensdProcess.packageRoot.appendingPathComponent(document), encoding: .utf8)
            for example in Self.jsonExamples(in: text) {
                // Examples that leave fields out say so with an ellipsis; they are not complete objects.
                if example.contains("…") { continue }
                let value: JSONValue
                do {
                    value = try JSONValue.parse(example)
                } catch {
                    Issue.record("\(document): example is not JSON: \(example.prefix(200))")
                    continue
                }
                guard case .object(let fields) = value, case .string(let name)? = fields["class"], let validator = validators[name] else {
                    Issue.record("\(document): example names no known class: \(example.prefix(200))")
                    continue
                }
                let problems = validator.problems(value)
                #expect(problems.isEmpty, "\(document) \(name) example: \(problems)")
                checked["\(document) \(name)", default: 0] += 1
            }
        }
        #expect(checked["docs/protocol.md STATS"] != nil && checked["README.md STATS"] != nil, "examples checked: \(checked)")
        #expect(checked.values.reduce(0, +) >= 12, "examples checked: \(checked)")
    }

    /// The JSON objects with a `class` field in a Markdown text's fenced code blocks: one per line,
    /// or folded over the lines up to where its braces close.
    static func jsonExamples(in markdown: String) -> [String] {
        var examples: [String] = []
        var inBlock = false
        var current: String?
        var depth = 0
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                current = nil
                continue
            }
            guard inBlock else { continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                guard trimmed.hasPrefix(#"{"class""#) else { continue }
                current = ""
                depth = 0
            }
            current? += trimmed
            var quoted = false, escaped = false
            for character in trimmed {
                if escaped { escaped = false; continue }
                if character == "\\" { escaped = quoted; continue }
                if character == "\"" { quoted.toggle() }
                if !quoted, character == "{" || character == "[" { depth += 1 }
                if !quoted, character == "}" || character == "]" { depth -= 1 }
            }
            if depth <= 0, let example = current {
                examples.append(example)
                current = nil
            }
        }
        return examples
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
            {"cmd":"watch","fps":30,"req":"w"}
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

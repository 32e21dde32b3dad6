import Conversion
import Foundation
import LensProtocol

/// Reads one control line (`{"cmd":"zoom","level":2.0}`) into a ``ControlRequest``, or says why not.
///
/// Every check happens here, before anything is queued: size, UTF-8, nesting, JSON syntax, the
/// command name, the fields each command allows and their types, and currency codes. A line that
/// fails any of them changes nothing.
public enum ControlParser {
    /// The longest line accepted, in bytes, without its newline.
    public static let maximumLineLength = 4096
    /// How deeply arrays and objects may nest; control messages need two levels.
    static let maximumNesting = 4

    static func parse(_ line: some Collection<UInt8>) -> Result<ControlRequest, ControlRejection> {
        guard line.count <= maximumLineLength else {
            return .failure(ControlRejection(message: "control line longer than \(maximumLineLength) bytes"))
        }
        let bytes = Array(line)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .failure(ControlRejection(message: "control line is not valid UTF-8"))
        }
        guard nestingDepth(of: bytes) <= maximumNesting else {
            return .failure(ControlRejection(message: "control line nests deeper than \(maximumNesting) levels"))
        }
        do {
            return .success(try JSONDecoder().decode(DecodedRequest.self, from: Data(bytes)).request)
        } catch let rejection as ControlRejection {
            return .failure(rejection)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            return .failure(ControlRejection(message: "a control message must be a JSON object"))
        } catch {
            return .failure(ControlRejection(message: "control line is not valid JSON"))
        }
    }

    /// The deepest nesting of `[`/`{` outside strings; stops counting once past the limit.
    static func nestingDepth(of bytes: [UInt8]) -> Int {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > maximumNesting { return deepest }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
        }
        return deepest
    }
}

/// Decodes a control object field by field, so that each command's fields and types are checked.
private struct DecodedRequest: Decodable {
    let request: ControlRequest

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static let allowedFields: [String: Set<String>] = [
        "zoom": ["level"], "torch": ["on"], "lock": [], "unlock": [],
        "currency": ["source", "targets", "autoDetect"], "preset": ["name"],
        "rates": ["refresh"], "status": [], "watch": ["classes", "fps"],
    ]

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Key.self)
        let req = try Self.requestID(in: fields, key: "req")
        let id = try Self.requestID(in: fields, key: "id", req: req)
        func reject(_ message: String, _ command: String? = nil) -> ControlRejection {
            ControlRejection(message: message, command: command, id: id, req: req)
        }
        guard let name = try? fields.decodeIfPresent(String.self, forKey: Key(stringValue: "cmd")) else {
            throw reject("a control message needs \"cmd\" as a string")
        }
        guard let allowed = Self.allowedFields[name] else {
            throw reject("unknown command \"\(Self.quoted(name))\"; commands: \(Self.allowedFields.keys.sorted().joined(separator: ", "))")
        }
        for key in fields.allKeys where !Self.everyCommandsFields.contains(key.stringValue) && !allowed.contains(key.stringValue) {
            throw reject("\(name) has no field \"\(Self.quoted(key.stringValue))\"", name)
        }
        func value<Value: Decodable>(_ type: Value.Type, _ field: String, _ typeName: String) throws -> Value? {
            do {
                return try fields.decodeIfPresent(type, forKey: Key(stringValue: field))
            } catch {
                throw reject("\(name): \"\(field)\" must be \(typeName)", name)
            }
        }
        let command: ControlCommand
        switch name {
        case "zoom":
            guard let level = try value(Double.self, "level", "a number"), level.isFinite else {
                throw reject("zoom needs \"level\" as a number", name)
            }
            command = .zoom(level: level)
        case "torch":
            guard let on = try value(Bool.self, "on", "true or false") else {
                throw reject("torch needs \"on\" as true or false", name)
            }
            command = .torch(on: on)
        case "lock":
            guard case .string(let trackID)? = id, !trackID.isEmpty else {
                throw reject("lock needs the track's \"id\" as a string, e.g. \"p12\"", name)
            }
            command = .lock(trackID: trackID)
        case "unlock":
            command = .unlock
        case "currency":
            command = .currency(try Self.currencyChange(
                source: value(String.self, "source", "an ISO 4217 code"),
                targets: value([String].self, "targets", "an array of ISO 4217 codes"),
                autoDetect: value(Bool.self, "autoDetect", "true or false"),
                reject: { reject($0, name) }))
        case "preset":
            guard let preset = try value(String.self, "name", "a string"), !preset.isEmpty, preset.utf8.count <= 128 else {
                throw reject("preset needs \"name\" as a string of 1 to 128 bytes", name)
            }
            command = .preset(name: preset)
        case "rates":
            command = .rates(refresh: try value(Bool.self, "refresh", "true or false") ?? false)
        case "watch":
            command = .watch(try Self.subscription(
                classes: value([String].self, "classes", "an array of class names"),
                fps: value(Double.self, "fps", "a number"),
                reject: { reject($0, name) }))
        default:
            command = .status
        }
        request = ControlRequest(command: command, id: id, req: req)
    }

    /// Fields any command may carry: its name, the `id` (a track for `lock`) and the client's `req` tag.
    private static let everyCommandsFields: Set<String> = ["cmd", "id", "req"]

    /// The `id` or `req` field: a string of at most 128 bytes or an integer. A refusal of a bad
    /// `id` echoes the `req` already read.
    private static func requestID(in fields: KeyedDecodingContainer<Key>, key name: String, req: RequestID? = nil) throws -> RequestID? {
        let key = Key(stringValue: name)
        guard fields.contains(key) else { return nil }
        if let text = try? fields.decode(String.self, forKey: key), text.utf8.count <= 128 {
            return .string(text)
        }
        if let number = try? fields.decode(Int64.self, forKey: key) {
            return .number(number)
        }
        throw ControlRejection(message: "\"\(name)\" must be a string of at most 128 bytes or an integer", req: req)
    }

    /// A `watch`'s choice: omitted fields take their defaults (every class, every frame).
    private static func subscription(classes: [String]?, fps: Double?, reject: (String) -> ControlRejection) throws -> StreamSubscription {
        if let classes {
            guard !classes.isEmpty else {
                throw reject("watch: \"classes\" must name at least one class (omit it for every class)")
            }
            for name in classes where !StreamSubscription.watchableClasses.contains(name) {
                throw reject("watch: no class \"\(quoted(name))\" to watch; classes: \(StreamSubscription.watchableClasses.sorted().joined(separator: ", "))")
            }
        }
        if let fps, !(fps > 0 && fps <= StreamSubscription.maximumRate) {
            throw reject("watch: \"fps\" must be above 0 and at most \(Int(StreamSubscription.maximumRate)) (omit it for every frame)")
        }
        return StreamSubscription(classes: classes.map(Set.init), overlaysPerSecond: fps)
    }

    private static func currencyChange(
        source: String?, targets: [String]?, autoDetect: Bool?, reject: (String) -> ControlRejection
    ) throws -> CurrencyChange {
        guard source != nil || targets != nil || autoDetect != nil else {
            throw reject("currency needs at least one of \"source\", \"targets\", \"autoDetect\"")
        }
        if let targets, !(1...16).contains(targets.count) {
            throw reject("currency: \"targets\" must name 1 to 16 currencies")
        }
        let source = source?.uppercased()
        let targets = targets?.map { $0.uppercased() }
        for code in [source].compactMap({ $0 }) + (targets ?? []) where !CurrencyCodes.isKnown(code) {
            throw reject("currency: unknown currency code \"\(quoted(code))\"")
        }
        return CurrencyChange(source: source, targets: targets, autoDetect: autoDetect)
    }

    /// A client's text as it goes back into a message: at most 64 characters.
    private static func quoted(_ text: String) -> String {
        text.count > 64 ? String(text.prefix(64)) + "…" : text
    }
}

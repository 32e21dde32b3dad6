import Foundation

/// Named currency presets from a JSON config file (`--config`), selected with `--preset`.
///
/// ```json
/// {"presets": {"travel-jp": {"source": "JPY", "targets": ["EUR", "USD"]},
///              "home":      {"targets": ["EUR"]}}}
/// ```
/// A preset may give `source`, `targets` or both; options on the command line win over it.
public struct PresetFile: Decodable, Sendable {
    /// One named preset: a source currency, target currencies, or both.
    public struct Preset: Decodable, Sendable, Equatable {
        public var source: String?
        public var targets: [String]?
    }

    public var presets: [String: Preset]

    /// Why the config file or the named preset could not be used.
    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case malformed(path: String, reason: String)
        case unknownPreset(name: String, path: String, known: [String])

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "config \(path): cannot read: \(reason)"
            case let .malformed(path, reason): "config \(path): not a preset file: \(reason)"
            case let .unknownPreset(name, path, known):
                "no preset '\(name)' in \(path); presets: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
            }
        }
    }

    public static func load(path: String) throws(LoadError) -> PresetFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        do {
            return try JSONDecoder().decode(PresetFile.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(path: path, reason: Self.describe(error))
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
    }

    public func preset(named name: String, path: String) throws(LoadError) -> Preset {
        guard let preset = presets[name] else {
            throw .unknownPreset(name: name, path: path, known: presets.keys.sorted())
        }
        return preset
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .dataCorrupted(context), let .keyNotFound(_, context), let .typeMismatch(_, context), let .valueNotFound(_, context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

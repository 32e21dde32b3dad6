/// A top-level line of the NDJSON protocol: an object whose `class` names what it is.
///
/// Messages encode their own fields, with snake-case keys; lensd writes `class` first and the rest
/// with sorted keys, so the same events always give the same bytes. A client decodes a line with
/// a `JSONDecoder` whose `keyDecodingStrategy` is `.convertFromSnakeCase`, after reading `class`.
public protocol ProtocolMessage: Codable, Sendable {
    static var className: String { get }
}

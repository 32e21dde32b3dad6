/// A top-level line of the NDJSON protocol: an object whose `class` names what it is.
///
/// Messages encode their own fields; ``EventStream`` writes `class` first and the rest with
/// sorted keys, so the same events always give the same bytes.
protocol ProtocolMessage: Encodable, Sendable {
    static var className: String { get }
}

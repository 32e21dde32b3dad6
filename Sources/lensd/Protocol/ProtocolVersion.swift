/// The release and NDJSON protocol version lensd announces in its `VERSION` line.
enum ProtocolVersion {
    static let release = "0.1.0"
    static let major = 1
    static let minor = 3
}

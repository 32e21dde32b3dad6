/// The release and NDJSON protocol version lensd announces in its `VERSION` line.
public enum ProtocolVersion {
    public static let release = "0.1.0"
    public static let major = 1
    public static let minor = 3
}

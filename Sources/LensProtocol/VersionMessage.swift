/// `VERSION`: the first line of every stream, so consumers can check compatibility.
public struct VersionMessage: ProtocolMessage {
    public static let className = "VERSION"
    public var release = ProtocolVersion.release
    public var protoMajor = ProtocolVersion.major
    public var protoMinor = ProtocolVersion.minor

    /// The version of this build of lensd and its protocol.
    public init() {}
}

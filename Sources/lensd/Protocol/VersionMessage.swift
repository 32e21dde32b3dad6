/// `VERSION`: the first line of every stream, so consumers can check compatibility.
struct VersionMessage: ProtocolMessage {
    static let className = "VERSION"
    let release = ProtocolVersion.release
    let protoMajor = ProtocolVersion.major
    let protoMinor = ProtocolVersion.minor
}

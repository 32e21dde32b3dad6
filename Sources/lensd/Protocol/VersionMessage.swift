/// `VERSION`: the first line of every stream, so consumers can check compatibility.
struct VersionMessage: Encodable {
    let `class` = "VERSION"
    let release = ProtocolVersion.release
    let protoMajor = ProtocolVersion.major
    let protoMinor = ProtocolVersion.minor
}

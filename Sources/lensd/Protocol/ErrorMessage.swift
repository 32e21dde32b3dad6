/// `ERROR`: something went wrong without stopping lensd.
struct ErrorMessage: ProtocolMessage {
    static let className = "ERROR"
    var message: String
    /// What the error concerns: `replay`, `image`, `ocr`, `conversion`, `startup`.
    var concerns: String
    var path: String?
    var frame: UInt64?
}

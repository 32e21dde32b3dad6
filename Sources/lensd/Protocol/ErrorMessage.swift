/// `ERROR`: something went wrong without stopping lensd.
struct ErrorMessage: ProtocolMessage {
    static let className = "ERROR"
    var message: String
    /// What the error concerns: `replay`, `image`, `ocr`, `conversion`, `startup`, `control`, `client`.
    var concerns: String
    var path: String?
    var frame: UInt64?
    /// The control command refused (`concerns: control`), when it could be read.
    var cmd: String?
    /// The refused control message's `id`, echoed.
    var id: RequestID?
    /// The refused control message's `req`, echoed.
    var req: RequestID?
}

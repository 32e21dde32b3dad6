/// `ERROR`: something went wrong without stopping lensd.
public struct ErrorMessage: ProtocolMessage {
    public static let className = "ERROR"
    public var message: String
    /// What the error concerns: `replay`, `image`, `ocr`, `conversion`, `startup`, `control`, `client`.
    public var concerns: String
    public var path: String?
    public var frame: UInt64?
    /// The control command refused (`concerns: control`), when it could be read.
    public var cmd: String?
    /// The refused control message's `id`, echoed.
    public var id: RequestID?
    /// The refused control message's `req`, echoed.
    public var req: RequestID?

    public init(message: String, concerns: String, path: String? = nil, frame: UInt64? = nil, cmd: String? = nil, id: RequestID? = nil, req: RequestID? = nil) {
        self.message = message
        self.concerns = concerns
        self.path = path
        self.frame = frame
        self.cmd = cmd
        self.id = id
        self.req = req
    }
}

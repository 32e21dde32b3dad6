/// What ``TestHTTPServer`` answers to one request.
enum TestAnswer: Sendable {
    /// A complete answer.
    case body(status: Int = 200, _ text: String)
    /// A complete answer sent only after `seconds`.
    case slow(seconds: Double, _ text: String)
    /// A `Content-Length` of the full text but only its first `sentBytes` bytes, then close.
    case truncated(_ text: String, sentBytes: Int)
    /// Close the connection without answering.
    case hangUp
}

/// lensd's exit statuses (documented in docs/protocol.md).
enum ExitStatus {
    /// Some input could not be read at all (no frame of a replay; an image of a scan).
    static let inputFailed: Int32 = 1
    /// Bad arguments or values (argument-parser's validation errors exit with 64 instead).
    static let usage: Int32 = 2
    /// lensd could not start: OCR model missing, rate table unreadable.
    static let startupFailed: Int32 = 3
    /// A second SIGINT or SIGTERM arrived during the graceful shutdown: lensd ended at once.
    static let interrupted: Int32 = 130
}

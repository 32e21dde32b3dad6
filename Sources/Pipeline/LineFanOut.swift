import Foundation

/// Receives every line of the stream after stdout, in stream order (the socket clients).
public protocol LineFanOut: Sendable {
    /// Hands one encoded line (with its newline) on; must not block.
    func broadcast(_ line: Data)
}

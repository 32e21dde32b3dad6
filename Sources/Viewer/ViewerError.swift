/// Why the viewer's HTTP server could not start.
public struct ViewerError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

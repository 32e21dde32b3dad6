/// Why an image could not be built, drawn on or encoded by Leptonica.
public struct ImageEncodingError: Error, CustomStringConvertible, Sendable {
    /// The Leptonica call that failed.
    public let call: String
    /// What was being done, and to which file if any.
    public let context: String

    public init(call: String, context: String) {
        self.call = call
        self.context = context
    }

    public var description: String { "\(context): \(call) failed" }
}

/// The currencies in force, in `ACK` and `status` replies.
public struct CurrencyStateMessage: Codable, Equatable, Sendable {
    public var source: String
    public var targets: [String]
    public var autoDetect: Bool
    /// The preset last applied, when there is one.
    public var preset: String?

    public init(source: String, targets: [String], autoDetect: Bool, preset: String? = nil) {
        self.source = source
        self.targets = targets
        self.autoDetect = autoDetect
        self.preset = preset
    }
}

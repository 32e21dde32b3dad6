/// The currencies in force, in `ACK` and `status` replies.
struct CurrencyStateMessage: Encodable, Equatable, Sendable {
    var source: String
    var targets: [String]
    var autoDetect: Bool
    /// The preset last applied, when there is one.
    var preset: String?
}

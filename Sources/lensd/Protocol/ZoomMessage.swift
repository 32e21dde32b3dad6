/// The zoom in force, in `ACK` and `status` replies.
struct ZoomMessage: Encodable, Equatable, Sendable {
    var level: Double
    var min: Double
    var max: Double
    /// `digital` (crop) or `optical`.
    var kind: String
}

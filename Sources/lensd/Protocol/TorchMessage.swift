/// The torch in `ACK` and `status` replies.
struct TorchMessage: Encodable, Equatable, Sendable {
    var available: Bool
    var on: Bool
}

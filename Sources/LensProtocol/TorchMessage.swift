/// The torch: in `DEVICE` lines, `ACK` and `status` replies.
public struct TorchMessage: Codable, Equatable, Sendable {
    public var available: Bool
    public var on: Bool

    public init(available: Bool, on: Bool) {
        self.available = available
        self.on = on
    }
}

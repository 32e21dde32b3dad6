/// The torch (flash LED in torch mode) of a capture source: `torch {available, on}`.
public struct TorchState: Sendable, Equatable {
    public var available: Bool
    public var on: Bool

    public init(available: Bool, on: Bool) {
        self.available = available
        self.on = on
    }

    /// A source without a torch.
    public static let unavailable = TorchState(available: false, on: false)
}

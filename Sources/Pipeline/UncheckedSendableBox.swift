/// Moves a value that is not `Sendable` to the one thread that will use it from then on.
///
/// Used to hand a frame source (a non-Sendable class) to the replay thread: after the hand-off the
/// creating thread never touches it again.
public struct UncheckedSendableBox<Value>: @unchecked Sendable {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }
}

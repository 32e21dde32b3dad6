import Synchronization

/// A flag another thread (a signal handler's queue, a test) raises to end a ``CameraSource``'s
/// stream: its ``CameraSource/next()`` then returns `nil` within one poll timeout.
public final class StopSignal: Sendable {
    private let raised = Atomic<Bool>(false)

    public init() {}

    /// Asks the stream to end.
    public func raise() {
        raised.store(true, ordering: .releasing)
    }

    /// Whether ``raise()`` was called.
    public var isRaised: Bool {
        raised.load(ordering: .acquiring)
    }
}

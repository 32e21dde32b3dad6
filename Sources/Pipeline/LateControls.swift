import Capture
import Synchronization

/// The controls of a capture source that is created after the callbacks reporting on it.
public final class LateControls: Sendable {
    private let controls = Mutex<(any CaptureControls)?>(nil)

    public init() {}

    public func set(_ value: any CaptureControls) {
        controls.withLock { $0 = value }
    }

    public var current: (any CaptureControls)? {
        controls.withLock { $0 }
    }
}

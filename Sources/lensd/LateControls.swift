import Capture
import Synchronization

/// The controls of a capture source that is created after the callbacks reporting on it.
final class LateControls: Sendable {
    private let controls = Mutex<(any CaptureControls)?>(nil)

    func set(_ value: any CaptureControls) {
        controls.withLock { $0 = value }
    }

    var current: (any CaptureControls)? {
        controls.withLock { $0 }
    }
}

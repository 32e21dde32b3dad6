import Synchronization

/// The controls of a replayed source: digital zoom only, no torch. Requests posted to
/// ``requests`` are applied by the replay's reading loop (``DigitallyZoomedSource/next()``) before
/// it reads its next frame.
public final class ReplayControls: CaptureControlTarget {
    private let name: String
    private let level = Mutex<Double>(1)
    public let requests: CaptureControlChannel

    /// Controls for the replay named `name` (its path, for error messages).
    public init(name: String) {
        self.name = name
        self.requests = CaptureControlChannel(source: name)
    }

    public func zoom() -> ZoomState {
        .digital(level: level.withLock { $0 })
    }

    func setZoom(_ requested: Double) throws(ControlError) -> ZoomState {
        level.withLock { current in
            current = ZoomState.digital(level: current).clamping(requested) ?? current
            return .digital(level: current)
        }
    }

    public func torch() -> TorchState {
        .unavailable
    }

    func setTorch(_ on: Bool) throws(ControlError) -> TorchState {
        guard !on else { throw .torchUnavailable(source: name) }
        return .unavailable
    }
}

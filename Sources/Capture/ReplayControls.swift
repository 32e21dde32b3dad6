import Synchronization

/// The controls of a replayed source: digital zoom only, no torch.
public final class ReplayControls: CaptureControls {
    private let name: String
    private let level = Mutex<Double>(1)

    /// Controls for the replay named `name` (its path, for error messages).
    public init(name: String) {
        self.name = name
    }

    public func zoom() -> ZoomState {
        .digital(level: level.withLock { $0 })
    }

    public func setZoom(_ requested: Double) throws(ControlError) -> ZoomState {
        level.withLock { current in
            current = ZoomState.digital(level: current).clamping(requested) ?? current
            return .digital(level: current)
        }
    }

    public func torch() -> TorchState {
        .unavailable
    }

    public func setTorch(_ on: Bool) throws(ControlError) -> TorchState {
        guard !on else { throw .torchUnavailable(source: name) }
        return .unavailable
    }
}

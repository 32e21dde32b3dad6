import CV4L2
import Synchronization

/// Zoom and torch of a V4L2 camera: their state, readable from any thread, and the channel
/// (``requests``) by which changes reach the camera's capture loop, which applies them between
/// frames with its own `VIDIOC_S_CTRL` calls.
///
/// Zoom is optical through `V4L2_CID_ZOOM_ABSOLUTE` (its own range and step) when the device has
/// it, else digital (1×…4× centre crop, applied by the capture thread). The torch is
/// `V4L2_CID_FLASH_LED_MODE` set to `V4L2_FLASH_LED_MODE_TORCH` or `_NONE`; both go through
/// `VIDIOC_S_CTRL`. Requests made while the device is away are kept and applied when it returns.
public final class CameraControls: CaptureControlTarget {
    private struct State {
        var device: VideoDevice?
        var zoomControl: ControlInfo?
        var torchControl: ControlInfo?
        var zoom = ZoomState.digital(level: 1)
        var requestedZoom: Double?
        var torchOn = false
    }

    private let path: String
    private let state = Mutex(State())
    public let requests: CaptureControlChannel

    /// Controls for the camera at `path` (named in errors); inert until a device is attached.
    public init(path: String) {
        self.path = path
        self.requests = CaptureControlChannel(source: path)
    }

    /// The digital zoom the capture thread should crop by (1 when zoom is optical).
    var digitalZoomLevel: Double {
        state.withLock { $0.zoom.kind == .digital ? $0.zoom.level : 1 }
    }

    /// Discovers the zoom and torch controls of a freshly opened `device` and applies the zoom and
    /// torch asked for so far; returns what could not be applied.
    func attach(_ device: VideoDevice) -> [ControlError] {
        state.withLock { state in
            var problems: [ControlError] = []
            state.device = device
            state.zoomControl = Self.query(device, lensd_cid_zoom_absolute, problems: &problems)
            state.torchControl = Self.query(device, lensd_cid_flash_led_mode, problems: &problems)
                .flatMap { $0.maximum >= Int64(lensd_flash_led_mode_torch) ? $0 : nil }
            if let control = state.zoomControl {
                let current = (try? device.controlValue(control.id)) ?? control.defaultValue
                state.zoom = ZoomState(level: Double(current), min: Double(control.minimum),
                                       max: Double(control.maximum), kind: .optical)
            } else {
                state.zoom = .digital(level: state.zoom.kind == .digital ? state.zoom.level : 1)
            }
            if let requested = state.requestedZoom {
                do throws(ControlError) {
                    try Self.applyZoom(requested, to: &state)
                } catch {
                    problems.append(error)
                }
            }
            if state.torchControl == nil {
                state.torchOn = false
            } else if state.torchOn {
                do throws(ControlError) {
                    try Self.applyTorch(true, to: &state)
                } catch {
                    problems.append(error)
                }
            }
            return problems
        }
    }

    /// Forgets the device (it is being closed); requests are kept for the next ``attach(_:)``.
    func detach() {
        state.withLock { $0.device = nil }
    }

    public func zoom() -> ZoomState {
        state.withLock { $0.zoom }
    }

    func setZoom(_ level: Double) throws(ControlError) -> ZoomState {
        try state.withLock { (state) throws(ControlError) -> ZoomState in
            state.requestedZoom = level
            try Self.applyZoom(level, to: &state)
            return state.zoom
        }
    }

    public func torch() -> TorchState {
        state.withLock { TorchState(available: $0.torchControl != nil, on: $0.torchOn) }
    }

    func setTorch(_ on: Bool) throws(ControlError) -> TorchState {
        try state.withLock { (state) throws(ControlError) -> TorchState in
            guard state.torchControl != nil else {
                if on { throw .torchUnavailable(source: path) }
                return .unavailable
            }
            try Self.applyTorch(on, to: &state)
            return TorchState(available: true, on: state.torchOn)
        }
    }

    private static func applyZoom(_ requested: Double, to state: inout State) throws(ControlError) {
        guard let level = state.zoom.clamping(requested) else { return }
        guard state.zoom.kind == .optical, let control = state.zoomControl else {
            state.zoom.level = level
            return
        }
        let value = control.clamped(Int64(level.rounded()))
        if let device = state.device {
            do throws(V4L2Error) {
                try device.setControl(control.id, to: value)
            } catch {
                throw .device(error)
            }
        }
        state.zoom.level = Double(value)
    }

    private static func applyTorch(_ on: Bool, to state: inout State) throws(ControlError) {
        if let device = state.device, let control = state.torchControl {
            let mode = Int64(on ? lensd_flash_led_mode_torch : lensd_flash_led_mode_none)
            do throws(V4L2Error) {
                try device.setControl(control.id, to: mode)
            } catch {
                throw .device(error)
            }
        }
        state.torchOn = on
    }

    private static func query(_ device: VideoDevice, _ id: UInt32, problems: inout [ControlError]) -> ControlInfo? {
        do throws(V4L2Error) {
            return try device.control(id)
        } catch {
            problems.append(.device(error))
            return nil
        }
    }
}

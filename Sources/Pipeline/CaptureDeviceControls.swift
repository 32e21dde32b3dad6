import Capture

/// A capture source's controls (``CaptureControls``) as control messages see them.
///
/// For a camera (`CameraControls`) zoom is optical where it has `V4L2_CID_ZOOM_ABSOLUTE`, else a
/// digital crop, and the torch is its flash LED in torch mode; a replay (`ReplayControls` of a
/// `DigitallyZoomedSource`) crops digitally and has no torch. Both are thread-safe, so this value
/// may be copied.
public struct CaptureDeviceControls: DeviceControls {
    let controls: any CaptureControls

    public init(controls: any CaptureControls) {
        self.controls = controls
    }

    public var zoomKind: String { controls.zoom().kind.rawValue }
    public var zoomRange: ClosedRange<Double> {
        let zoom = controls.zoom()
        return zoom.min...max(zoom.min, zoom.max)
    }
    public var zoomLevel: Double { controls.zoom().level }
    public var hasTorch: Bool { controls.torch().available }

    public mutating func setZoom(_ level: Double) -> Double {
        do throws(ControlError) {
            return try controls.setZoom(level).level
        } catch {
            return controls.zoom().level
        }
    }

    public mutating func setTorch(_ on: Bool) throws(DeviceControlError) {
        do throws(ControlError) {
            _ = try controls.setTorch(on)
        } catch {
            throw DeviceControlError(description: error.description)
        }
    }
}

import Capture

/// A camera's V4L2 controls (``CameraControls``) as control messages see them.
///
/// Zoom is optical where the camera has `V4L2_CID_ZOOM_ABSOLUTE`, else digital; the torch is the
/// camera's flash LED in torch mode. `CameraControls` is thread-safe, so this value may be copied.
struct CameraDeviceControls: DeviceControls {
    let controls: CameraControls

    var zoomKind: String { controls.zoom().kind.rawValue }
    var zoomRange: ClosedRange<Double> {
        let zoom = controls.zoom()
        return zoom.min...max(zoom.min, zoom.max)
    }
    var zoomLevel: Double { controls.zoom().level }
    var hasTorch: Bool { controls.torch().available }

    mutating func setZoom(_ level: Double) -> Double {
        do throws(ControlError) {
            return try controls.setZoom(level).level
        } catch {
            return controls.zoom().level
        }
    }

    mutating func setTorch(_ on: Bool) throws(DeviceControlError) {
        do throws(ControlError) {
            _ = try controls.setTorch(on)
        } catch {
            throw DeviceControlError(description: error.description)
        }
    }
}

/// Controls that the capture loop applies requests to: what a source's ``CaptureControls`` does
/// with the requests of its ``CaptureControls/requests`` channel, on the capture thread only.
protocol CaptureControlTarget: CaptureControls {
    /// Asks for zoom `level` (clamped); returns the zoom in effect afterwards.
    func setZoom(_ level: Double) throws(ControlError) -> ZoomState
    /// Switches the torch; switching on a source without one throws ``ControlError/torchUnavailable(source:)``.
    func setTorch(_ on: Bool) throws(ControlError) -> TorchState
}

extension CaptureControlTarget {
    /// Applies every request waiting in ``CaptureControls/requests``, in order, and answers each.
    /// Called by the capture loop between two frames, so a change never falls within one.
    func applyRequests() {
        requests.drain { request in
            do throws(ControlError) {
                switch request {
                case .zoom(let level):
                    _ = try setZoom(level)
                case .torch(let on):
                    _ = try setTorch(on)
                }
                return .success(CaptureControlState(zoom: zoom(), torch: torch()))
            } catch {
                return .failure(error)
            }
        }
    }
}

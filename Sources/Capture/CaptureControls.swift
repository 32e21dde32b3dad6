/// Zoom and torch operations every capture source answers, from any thread.
///
/// Zoom requests are clamped to the source's range, never rejected for range. Cameras zoom
/// optically with `V4L2_CID_ZOOM_ABSOLUTE` where they have it, otherwise digitally (a centre crop
/// before OCR, 1×…4×); replays zoom digitally and have no torch.
public protocol CaptureControls: AnyObject, Sendable {
    /// The zoom in effect.
    func zoom() -> ZoomState
    /// Asks for zoom `level` (clamped); returns the zoom in effect afterwards.
    func setZoom(_ level: Double) throws(ControlError) -> ZoomState
    /// The torch.
    func torch() -> TorchState
    /// Switches the torch; switching on a source without one throws ``ControlError/torchUnavailable(source:)``.
    func setTorch(_ on: Bool) throws(ControlError) -> TorchState
}

/// The zoom and torch of a capture source, as the rest of lensd sees them: their state, readable
/// from any thread, and the channel requests to change them travel by.
///
/// Only the source's own capture loop changes them: it takes the requests posted to ``requests``
/// between two frames and applies them with its own device calls. Zoom requests are clamped to the
/// source's range, never rejected for range. Cameras zoom optically with `V4L2_CID_ZOOM_ABSOLUTE`
/// where they have it, otherwise digitally (a centre crop before OCR, 1×…4×); replays zoom
/// digitally and have no torch.
public protocol CaptureControls: AnyObject, Sendable {
    /// The zoom in effect.
    func zoom() -> ZoomState
    /// The torch.
    func torch() -> TorchState
    /// Where zoom and torch requests go; the capture loop answers them.
    var requests: CaptureControlChannel { get }
}

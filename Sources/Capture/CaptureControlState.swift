/// The zoom and torch of a capture source once the capture loop has applied a request: what the
/// request's answer carries.
public struct CaptureControlState: Sendable, Equatable {
    public var zoom: ZoomState
    public var torch: TorchState

    public init(zoom: ZoomState, torch: TorchState) {
        self.zoom = zoom
        self.torch = torch
    }
}

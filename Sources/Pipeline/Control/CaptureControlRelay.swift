import Capture
import LensProtocol

/// Takes `zoom` and `torch` control messages to the capture source and brings their answers back:
/// it posts each to the source's ``CaptureControlChannel`` (its capture loop applies it between two
/// frames) and turns the answer into the message's `ACK` or `ERROR`, noting the zoom and torch in
/// the ``DaemonStatus`` for `status` replies.
///
/// It never waits and never touches the device: the capture loop does, on its own thread, and
/// answers within the channel's timeout even when it is blocked.
public struct CaptureControlRelay: Sendable {
    let controls: any CaptureControls
    let status: DaemonStatus
    let metrics: PipelineMetrics
    /// How long a message waits for the capture loop before it is answered with an `ERROR`.
    let timeout: Duration

    public init(controls: any CaptureControls, status: DaemonStatus, metrics: PipelineMetrics,
                timeout: Duration = CaptureControlChannel.defaultTimeout) {
        self.controls = controls
        self.status = status
        self.metrics = metrics
        self.timeout = timeout
    }

    /// Forwards `request` (a `zoom` or `torch`) to the capture loop; its reply goes to `sink` once
    /// the loop has answered. Other commands are not the capture loop's and are ignored.
    func forward(_ request: ControlRequest, replyTo sink: any ControlReplySink) {
        let asked: CaptureControlRequest
        switch request.command {
        case .zoom(let level):
            asked = .zoom(level: level)
        case .torch(let on):
            asked = .torch(on: on)
        default:
            return
        }
        let controls = self.controls, status = self.status, metrics = self.metrics
        controls.requests.post(asked, timeout: timeout) { answer in
            var ack = AckMessage(cmd: request.command.name, id: request.id, req: request.req)
            let applied: CaptureControlState
            switch (answer, asked) {
            case (.success(let state), _):
                applied = state
            case (.failure(.device), .zoom):
                // A zoom the device refused leaves the zoom it had, which the ACK reports.
                applied = CaptureControlState(zoom: controls.zoom(), torch: controls.torch())
            case (.failure(let error), _):
                metrics.controlRejected.add(1, ordering: .relaxed)
                sink.send(ErrorMessage(
                    message: error.description, concerns: "control", cmd: request.command.name, id: request.id, req: request.req))
                return
            }
            let zoom = ZoomMessage(applied.zoom), torch = TorchMessage(applied.torch)
            status.update { state in
                state.zoom = zoom
                state.torch = torch
            }
            switch asked {
            case .zoom:
                ack.zoom = zoom
            case .torch:
                ack.torch = torch
            }
            sink.send(ack)
        }
    }
}

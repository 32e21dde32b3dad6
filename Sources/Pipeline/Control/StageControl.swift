/// What the ordered stage needs to apply control messages: the inbox it drains before each frame,
/// the device's controls, the currency mode, and where it reports the state it applied.
///
/// Owned by the ``PriceStage`` and touched only on its serial queue.
public final class StageControl {
    let inbox: ControlInbox
    let status: DaemonStatus
    let metrics: PipelineMetrics
    var device: any DeviceControls
    /// Whether printed symbols and codes decide a price's currency.
    var autoDetect = true
    var torchOn = false
    public var preset: String?

    public init(inbox: ControlInbox, status: DaemonStatus, metrics: PipelineMetrics, device: any DeviceControls) {
        self.inbox = inbox
        self.status = status
        self.metrics = metrics
        self.device = device
    }
}

/// What the ordered stage needs to apply control messages: the inbox it drains before each frame,
/// the currency mode, and where it reports the state it applied. (`zoom` and `torch` do not come
/// here: they go to the capture loop, see ``CaptureControlRelay``.)
///
/// Owned by the ``PriceStage`` and touched only on its serial queue.
public final class StageControl {
    let inbox: ControlInbox
    let status: DaemonStatus
    let metrics: PipelineMetrics
    /// Whether printed symbols and codes decide a price's currency.
    var autoDetect = true
    public var preset: String?

    public init(inbox: ControlInbox, status: DaemonStatus, metrics: PipelineMetrics) {
        self.inbox = inbox
        self.status = status
        self.metrics = metrics
    }
}

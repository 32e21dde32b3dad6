import Dispatch

/// Runs per-item work on a stage (the ``PriceStage``, the scan printer) one item at a time, in ticket order.
///
/// Workers call ``deliver(ticket:_:)`` from any thread as they finish; a serial dispatch queue
/// owns the stage and a ``ReorderBuffer``, so the stage needs no lock of its own.
public final class OrderedDelivery<Stage>: @unchecked Sendable {
    public typealias Work = @Sendable (Stage) -> Void

    // Both are touched only on `queue`.
    private let stage: Stage
    private var buffer = ReorderBuffer<Work>()
    private let queue = DispatchQueue(label: "lensd.ordered-stage")

    public init(stage: Stage) {
        self.stage = stage
    }

    /// Queues `work` for the frame with this ticket; it runs once every earlier ticket has run.
    public func deliver(ticket: UInt64, _ work: @escaping Work) {
        queue.async { [self] in
            for due in buffer.insert(work, ticket: ticket) {
                due(stage)
            }
        }
    }

    /// Waits until all delivered work that is due has run.
    public func drain() {
        queue.sync {}
    }
}

import LensProtocol
import Synchronization

/// The state control messages change, as last applied by the ordered stage, for `status` replies.
///
/// The stage writes it after applying commands; readers take a copy. It is a report, never an
/// input: the pipeline does not read it back.
final class DaemonStatus: Sendable {
    /// One copy of the state.
    struct Snapshot: Sendable {
        var zoom: ZoomMessage
        var torch: TorchMessage
        var currency: CurrencyStateMessage
        var locked: String?
        var processing = false
    }

    private let state: Mutex<Snapshot>

    init(_ initial: Snapshot) {
        state = Mutex(initial)
    }

    var snapshot: Snapshot { state.withLock { $0 } }

    func update(_ body: (inout Snapshot) -> Void) {
        state.withLock { body(&$0) }
    }
}

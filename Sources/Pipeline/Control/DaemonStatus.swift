import LensProtocol
import Synchronization

/// The state control messages change, as last applied by the ordered stage, for `status` replies.
///
/// The stage writes it after applying commands, and ``CaptureControlRelay`` the zoom and torch
/// the capture loop applied; readers take a copy. It is a report, never an
/// input: the pipeline does not read it back.
public final class DaemonStatus: Sendable {
    /// One copy of the state.
    public struct Snapshot: Sendable {
        var zoom: ZoomMessage
        var torch: TorchMessage
        var currency: CurrencyStateMessage
        var locked: String?
        public var processing = false

        public init(zoom: ZoomMessage, torch: TorchMessage, currency: CurrencyStateMessage, locked: String? = nil, processing: Bool = false) {
            self.zoom = zoom
            self.torch = torch
            self.currency = currency
            self.locked = locked
            self.processing = processing
        }
    }

    private let state: Mutex<Snapshot>

    public init(_ initial: Snapshot) {
        state = Mutex(initial)
    }

    var snapshot: Snapshot { state.withLock { $0 } }

    public func update(_ body: (inout Snapshot) -> Void) {
        state.withLock { body(&$0) }
    }
}

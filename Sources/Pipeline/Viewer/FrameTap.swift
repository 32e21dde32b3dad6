import Capture
import LensProtocol
import Synchronization
import Viewer

/// Keeps the latest processed frame with the prices shown on it, for the HTTP viewer and
/// `replay --annotate`.
///
/// The ordered stage offers each frame before it processes it (``offer(_:)``) and hands over the
/// frame's `OVERLAYS` message after (``show(_:)``); both on the stage's thread, in frame order.
/// Keeping a frame keeps a reference to its luma plane, not a copy; nothing is encoded here.
public final class FrameTap: Sendable {
    private struct State {
        var offered: Frame?
        var latest: ViewerFrame?
        var shownPrices = 0
    }

    private let state = Mutex(State())
    private let annotations: AnnotationWriter?

    public init(annotations: AnnotationWriter? = nil) {
        self.annotations = annotations
    }

    /// The frame the stage is about to process.
    func offer(_ frame: Frame) {
        state.withLock { $0.offered = frame }
    }

    /// The `OVERLAYS` message of the frame offered last.
    func show(_ message: OverlaysMessage) {
        let shown = state.withLock { state -> ViewerFrame? in
            guard let frame = state.offered, frame.sequence == message.frame else { return nil }
            state.offered = nil
            let viewed = ViewerFrame(
                luma: frame.luma, width: frame.width, height: frame.height, stride: frame.stride, sequence: frame.sequence,
                overlays: message.prices.map { ViewerOverlay($0, width: frame.width, height: frame.height) })
            state.latest = viewed
            state.shownPrices = message.prices.count
            return viewed
        }
        if let shown { annotations?.write(shown) }
    }

    /// The latest frame shown, with its overlays.
    var latest: ViewerFrame? { state.withLock { $0.latest } }

    /// Prices on the latest frame shown.
    var shownPrices: Int { state.withLock { $0.shownPrices } }
}

import Capture

/// The torch: in `DEVICE` lines, `ACK` and `status` replies.
struct TorchMessage: Encodable, Equatable, Sendable {
    var available: Bool
    var on: Bool
}

extension TorchMessage {
    init(_ state: TorchState) {
        self.init(available: state.available, on: state.on)
    }
}

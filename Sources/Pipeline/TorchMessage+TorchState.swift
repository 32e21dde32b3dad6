import Capture
import LensProtocol

extension TorchMessage {
    public init(_ state: TorchState) {
        self.init(available: state.available, on: state.on)
    }
}

import Capture
import LensProtocol

extension ZoomMessage {
    public init(_ state: ZoomState) {
        self.init(level: state.level, min: state.min, max: state.max, kind: state.kind.rawValue)
    }
}

/// Why a zoom or torch request on a capture source failed.
public enum ControlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The torch was switched on but the source has none (no `V4L2_CID_FLASH_LED_MODE`, or a replay).
    case torchUnavailable(source: String)
    /// Setting the control on the device failed.
    case device(V4L2Error)
    /// The capture loop did not take the request within `seconds` (it is blocked, e.g. on a
    /// stalled stream); the request was withdrawn and changed nothing.
    case timedOut(source: String, seconds: Double)
    /// The capture loop has ended; the request changed nothing.
    case captureStopped
    /// `capacity` requests were already waiting for the capture loop.
    case tooManyRequests(capacity: Int)

    public var description: String {
        switch self {
        case let .torchUnavailable(source):
            return "\(source): no torch (the device has no V4L2 flash LED control)"
        case let .device(error):
            return error.description
        case let .timedOut(source, seconds):
            return "\(source): the capture loop did not take the request within \(seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)") s; nothing changed"
        case .captureStopped:
            return "the pipeline has stopped"
        case let .tooManyRequests(capacity):
            return "too many control messages waiting (\(capacity)); try again after the next frame"
        }
    }
}

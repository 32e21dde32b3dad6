/// Why a zoom or torch request on a capture source failed.
public enum ControlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The torch was switched on but the source has none (no `V4L2_CID_FLASH_LED_MODE`, or a replay).
    case torchUnavailable(source: String)
    /// Setting the control on the device failed.
    case device(V4L2Error)

    public var description: String {
        switch self {
        case let .torchUnavailable(source):
            return "\(source): no torch (the device has no V4L2 flash LED control)"
        case let .device(error):
            return error.description
        }
    }
}

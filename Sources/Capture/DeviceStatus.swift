/// The state of a camera as `DEVICE` messages report it.
public enum DeviceStatus: Sendable, Equatable {
    /// Streaming in the negotiated format.
    case active(NegotiatedFormat)
    /// Gone (unplugged) or not there yet; lensd keeps trying to reconnect.
    case inactive(V4L2Error?)
    /// The user may not open the device (`EACCES`, `EPERM`).
    case denied(V4L2Error)
    /// Any other failure; lensd keeps trying with backoff.
    case error(V4L2Error)

    /// How a failure is reported.
    public init(failure: V4L2Error) {
        if failure.isPermissionDenied {
            self = .denied(failure)
        } else if failure.isDeviceGone {
            self = .inactive(failure)
        } else {
            self = .error(failure)
        }
    }

    /// The `DEVICE` `state` field.
    public var name: String {
        switch self {
        case .active: return "active"
        case .inactive: return "inactive"
        case .denied: return "denied"
        case .error: return "error"
        }
    }

    /// What the user can do about it, for `denied`.
    public var hint: String? {
        guard case .denied(let error) = self else { return nil }
        let path: String
        if case let .systemCall(_, devicePath, _) = error { path = devicePath } else { path = "the device" }
        return "add your user to the 'video' group (sudo usermod -aG video $USER, then log in again) "
            + "or check the permissions of \(path) (ls -l \(path))"
    }
}

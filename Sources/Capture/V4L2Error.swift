#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why talking to a V4L2 device failed.
///
/// System-call failures carry the call (`open`, `mmap`, `poll` or the `VIDIOC_*` name), the device
/// path and `errno`; ``description`` is one sentence for a log line or an `ERROR` message.
public enum V4L2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// `open`, `mmap`, `poll` or an `ioctl` failed with `errno`.
    case systemCall(String, path: String, errno: Int32)
    /// The node does not capture video (`VIDIOC_QUERYCAP` lacks `V4L2_CAP_VIDEO_CAPTURE`).
    case notACaptureDevice(path: String)
    /// The node cannot stream memory-mapped buffers (no `V4L2_CAP_STREAMING`).
    case noStreaming(path: String)
    /// None of the offered formats (listed as fourccs) gives 8-bit luma, even through libv4lconvert.
    case noUsableFormat(path: String, offered: [String])
    /// No `/dev/video*` node can capture.
    case noCaptureDevice
    /// A dequeued buffer holds fewer bytes than the negotiated format needs.
    case shortBuffer(path: String, bytes: Int, needed: Int)
    /// The driver dequeued a buffer index it was never given.
    case unknownBuffer(path: String, index: Int)
    /// The driver flagged the buffer as corrupt (`V4L2_BUF_FLAG_ERROR`).
    case corruptBuffer(path: String, index: Int)
    /// `poll` reported an error condition but no buffer could be dequeued.
    case streamStalled(path: String)

    /// The `errno` of a failed system call.
    public var errno: Int32? {
        if case let .systemCall(_, _, code) = self { return code }
        return nil
    }

    /// `EACCES` or `EPERM`: the user may not open the device.
    public var isPermissionDenied: Bool {
        errno == EACCES || errno == EPERM
    }

    /// The device is gone or not there yet: `ENOENT`, `ENODEV`, `ENXIO` or `EIO` (an unplugged USB
    /// camera answers `ENODEV` or `EIO`).
    public var isDeviceGone: Bool {
        guard let errno else { return false }
        return errno == ENOENT || errno == ENODEV || errno == ENXIO || errno == EIO
    }

    public var description: String {
        switch self {
        case let .systemCall(call, path, code):
            return "\(path): \(call) failed: \(Self.explain(code))"
        case let .notACaptureDevice(path):
            return "\(path): not a video capture device"
        case let .noStreaming(path):
            return "\(path): device cannot stream memory-mapped buffers"
        case let .noUsableFormat(path, offered):
            return "\(path): no format gives 8-bit luma (offered: \(offered.joined(separator: ", ")))"
        case .noCaptureDevice:
            return "no video capture device found in /dev"
        case let .shortBuffer(path, bytes, needed):
            return "\(path): buffer holds \(bytes) bytes, the format needs \(needed)"
        case let .unknownBuffer(path, index):
            return "\(path): driver returned unknown buffer \(index)"
        case let .corruptBuffer(path, index):
            return "\(path): driver flagged buffer \(index) as corrupt"
        case let .streamStalled(path):
            return "\(path): poll reports an error and no buffer is ready"
        }
    }

    private static func explain(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "errno \(code)" }
        return "\(String(cString: message)) (errno \(code))"
    }
}

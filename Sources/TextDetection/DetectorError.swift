/// Why the text detector could not start or run.
public enum DetectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No model file at the path (with the command that installs it).
    case modelMissing(path: String, installHint: String)
    /// The file is there but is no usable detector model (OpenVINO's or OpenCV's reason).
    case modelUnusable(path: String, reason: String)
    /// A detection failed (OpenVINO's or OpenCV's reason).
    case detectionFailed(String)
    /// The image's geometry does not fit its buffer.
    case invalidImage(width: Int, height: Int, stride: Int, bytes: Int)

    public var description: String {
        switch self {
        case let .modelMissing(path, hint):
            "no text detector model at \(path): install it with \(hint), or name one with --det-model PATH"
        case let .modelUnusable(path, reason):
            "the text detector model \(path) cannot be used (\(reason)): reinstall it with \(DetectorModel.installCommand)"
        case let .detectionFailed(reason):
            reason
        case let .invalidImage(width, height, stride, bytes):
            "invalid image for text detection: \(width)x\(height), stride \(stride), \(bytes) bytes"
        }
    }
}

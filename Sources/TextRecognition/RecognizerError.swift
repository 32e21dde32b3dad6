/// Why the text recogniser could not start or read a line.
public enum RecognizerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A model file or the character list is not where it was looked for (with the command that installs it).
    case modelMissing(path: String, installHint: String)
    /// The files are there but are no usable recogniser (OpenVINO's reason, or what is wrong with the character list).
    case modelUnusable(path: String, reason: String)
    /// A read failed (OpenVINO's or OpenCV's reason).
    case recognitionFailed(String)
    /// The line image's geometry does not fit its buffer.
    case invalidImage(width: Int, height: Int, stride: Int, bytes: Int)

    public var description: String {
        switch self {
        case let .modelMissing(path, hint):
            "no text recognition model at \(path): install it with \(hint), or name its folder with --rec-model DIR"
        case let .modelUnusable(path, reason):
            "the text recognition model \(path) cannot be used (\(reason)): reinstall it with \(RecognizerModel.installCommand)"
        case let .recognitionFailed(reason):
            reason
        case let .invalidImage(width, height, stride, bytes):
            "invalid line image for text recognition: \(width)x\(height), stride \(stride), \(bytes) bytes"
        }
    }
}

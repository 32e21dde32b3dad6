/// Why a ``Frame`` could not be built from a luma plane and its geometry.
public enum FrameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Width or height is zero or negative.
    case nonPositiveSize(width: Int, height: Int)
    /// The row stride is shorter than a row.
    case strideShorterThanWidth(stride: Int, width: Int)
    /// `stride * height` does not fit in `Int`.
    case sizeOverflow(stride: Int, height: Int)
    /// The plane does not hold exactly `stride * height` bytes.
    case lumaSizeMismatch(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case let .nonPositiveSize(width, height):
            return "frame size \(width)x\(height) is not positive"
        case let .strideShorterThanWidth(stride, width):
            return "frame stride \(stride) is shorter than its width \(width)"
        case let .sizeOverflow(stride, height):
            return "frame stride \(stride) times height \(height) overflows"
        case let .lumaSizeMismatch(expected, actual):
            return "frame luma plane has \(actual) bytes, expected \(expected) (stride * height)"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why replaying recorded frames failed.
///
/// Every case names the path it concerns (`"-"` for standard input) and, where a system call
/// failed, its `errno`. ``description`` is one human sentence suitable for a log line, e.g.
/// `"samples/x.y4m: truncated frame 12: expected 460800 bytes, got 1000"`.
public enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `ReplaySource.open(paths:)` was given no paths.
    case noPaths
    /// `stat(2)` failed on the path.
    case statusFailed(path: String, errno: Int32)
    /// `open(2)` failed on the path.
    case openFailed(path: String, errno: Int32)
    /// `read(2)` failed.
    case readFailed(path: String, errno: Int32)
    /// `lseek(2)` failed, e.g. rewinding a pipe.
    case seekFailed(path: String, errno: Int32)
    /// `opendir(3)` or `readdir(3)` failed.
    case directoryListingFailed(path: String, errno: Int32)
    /// The directory holds no file with an image extension.
    case noImagesInDirectory(path: String)
    /// The Y4M stream ended before any byte of its header.
    case emptyStream(path: String)
    /// The stream does not start with `YUV4MPEG2`.
    case badMagic(path: String, found: String)
    /// No newline within `limit` bytes of a Y4M stream header.
    case headerTooLong(path: String, limit: Int)
    /// The stream ended inside the Y4M stream header.
    case truncatedHeader(path: String)
    /// A required Y4M header parameter (`W`, `H`) is absent.
    case missingParameter(path: String, parameter: Character)
    /// A Y4M header parameter has an unusable value.
    case invalidParameter(path: String, parameter: Character, value: String, reason: String)
    /// The Y4M `C` colour space is not one lensd reads (e.g. `mono16`, `420p10`).
    case unsupportedColorSpace(path: String, colorSpace: String)
    /// A frame does not start with `FRAME`.
    case badFrameMarker(path: String, frame: Int, found: String)
    /// No newline within `limit` bytes of a `FRAME` header.
    case frameHeaderTooLong(path: String, frame: Int, limit: Int)
    /// The stream ended inside a `FRAME` header.
    case truncatedFrameHeader(path: String, frame: Int)
    /// The stream ended inside a frame's picture data.
    case truncatedFrame(path: String, frame: Int, expected: Int, got: Int)
    /// Leptonica (`pixRead`/`pixReadMem`) could not decode the image.
    case imageDecodeFailed(path: String)
    /// Leptonica (`pixConvertTo8`) could not reduce the image to 8-bit grey.
    case imageConversionFailed(path: String, depth: Int)
    /// The decoded picture does not make a valid ``Frame``.
    case invalidFrame(path: String, FrameError)
    /// `--loop` was asked of standard input, which cannot be read twice.
    case cannotLoopStandardInput
    /// A camera failed (``CameraSource``); transient problems arrive as ``SourceEvent/skipped(_:)``.
    case device(V4L2Error)

    /// The `errno` carried by the error, if it comes from a failed system call.
    public var errno: Int32? {
        switch self {
        case let .statusFailed(_, code), let .openFailed(_, code), let .readFailed(_, code),
            let .seekFailed(_, code), let .directoryListingFailed(_, code):
            return code
        case let .device(error):
            return error.errno
        default:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .noPaths:
            return "no replay path given"
        case let .statusFailed(path, code):
            return "\(path): cannot stat: \(Self.explain(code))"
        case let .openFailed(path, code):
            return "\(path): cannot open: \(Self.explain(code))"
        case let .readFailed(path, code):
            return "\(path): read failed: \(Self.explain(code))"
        case let .seekFailed(path, code):
            return "\(path): cannot seek back to the first frame: \(Self.explain(code))"
        case let .directoryListingFailed(path, code):
            return "\(path): cannot list directory: \(Self.explain(code))"
        case let .noImagesInDirectory(path):
            return "\(path): directory holds no image files"
        case let .emptyStream(path):
            return "\(path): empty stream, expected a YUV4MPEG2 header"
        case let .badMagic(path, found):
            return "\(path): not a YUV4MPEG2 stream (starts with \"\(found)\")"
        case let .headerTooLong(path, limit):
            return "\(path): YUV4MPEG2 header longer than \(limit) bytes"
        case let .truncatedHeader(path):
            return "\(path): stream ends inside the YUV4MPEG2 header"
        case let .missingParameter(path, parameter):
            return "\(path): YUV4MPEG2 header lacks the \(parameter) parameter"
        case let .invalidParameter(path, parameter, value, reason):
            return "\(path): YUV4MPEG2 header parameter \(parameter)\(value) is invalid: \(reason)"
        case let .unsupportedColorSpace(path, colorSpace):
            return "\(path): unsupported YUV4MPEG2 colour space C\(colorSpace) "
                + "(supported: mono, 420jpeg, 420paldv, 420mpeg2, 420, 422, 444, 444alpha)"
        case let .badFrameMarker(path, frame, found):
            return "\(path): frame \(frame) does not start with FRAME (found \"\(found)\")"
        case let .frameHeaderTooLong(path, frame, limit):
            return "\(path): FRAME header of frame \(frame) longer than \(limit) bytes"
        case let .truncatedFrameHeader(path, frame):
            return "\(path): stream ends inside the FRAME header of frame \(frame)"
        case let .truncatedFrame(path, frame, expected, got):
            return "\(path): truncated frame \(frame): expected \(expected) bytes, got \(got)"
        case let .imageDecodeFailed(path):
            return "\(path): Leptonica cannot decode this image"
        case let .imageConversionFailed(path, depth):
            return "\(path): cannot convert \(depth)-bit image to 8-bit grey"
        case let .invalidFrame(path, error):
            return "\(path): \(error)"
        case .cannotLoopStandardInput:
            return "cannot loop standard input: it can only be read once"
        case let .device(error):
            return error.description
        }
    }

    private static func explain(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "errno \(code)" }
        return "\(String(cString: message)) (errno \(code))"
    }
}

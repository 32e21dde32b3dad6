#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemPackage

/// Writes frames as a YUV4MPEG2 `Cmono` file (`lensd record`), replayable with `lensd replay`.
///
/// Owns the descriptor from swift-system's `FileDescriptor.open` (`O_WRONLY | O_CREAT | O_TRUNC |
/// O_CLOEXEC`, mode 0644) and closes it when released. The header is written with the first frame, whose
/// size every later frame must have.
public final class Y4MRecorder {
    /// Why recording failed.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case openFailed(path: String, errno: Int32)
        case writeFailed(path: String, errno: Int32)
        case sizeChanged(path: String, expected: String, got: String)

        public var description: String {
            switch self {
            case let .openFailed(path, code):
                return "\(path): cannot create: \(String(cString: strerror(code))) (errno \(code))"
            case let .writeFailed(path, code):
                return "\(path): write failed: \(String(cString: strerror(code))) (errno \(code))"
            case let .sizeChanged(path, expected, got):
                return "\(path): frame size changed from \(expected) to \(got); Y4M needs one size"
            }
        }
    }

    public let path: String
    private let descriptor: FileDescriptor
    private let framesPerSecond: Double
    private var size: (width: Int, height: Int)?
    /// Frames written so far.
    public private(set) var frameCount = 0

    /// Creates (or truncates) `path`; the header will declare `framesPerSecond`.
    public init(path: String, framesPerSecond: Double) throws(Failure) {
        do {
            self.descriptor = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .truncate, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw .openFailed(path: path, errno: Self.code(error))
        }
        self.path = path
        self.framesPerSecond = framesPerSecond > 0 && framesPerSecond.isFinite ? framesPerSecond : 30
    }

    deinit {
        try? descriptor.close()
    }

    /// Appends `frame`'s luma (without stride padding) as one `FRAME`.
    public func append(_ frame: Frame) throws(Failure) {
        if let size {
            guard size == (frame.width, frame.height) else {
                throw .sizeChanged(path: path, expected: "\(size.width)x\(size.height)", got: "\(frame.width)x\(frame.height)")
            }
        } else {
            size = (frame.width, frame.height)
            let rate = Int((framesPerSecond * 1000).rounded())
            try write(Array("YUV4MPEG2 W\(frame.width) H\(frame.height) F\(rate):1000 Ip A1:1 Cmono\n".utf8))
        }
        var bytes = Array("FRAME\n".utf8)
        bytes.reserveCapacity(bytes.count + frame.width * frame.height)
        for row in 0..<frame.height {
            bytes.append(contentsOf: frame.luma[row * frame.stride..<row * frame.stride + frame.width])
        }
        try write(bytes)
        frameCount += 1
    }

    /// Writes every byte (`FileDescriptor.writeAll`: short writes continued, `EINTR` retried).
    private func write(_ bytes: [UInt8]) throws(Failure) {
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            throw .writeFailed(path: path, errno: Self.code(error))
        }
    }

    /// The error number of a swift-system failure, which is always an `Errno`.
    private static func code(_ error: any Error) -> Int32 {
        (error as? Errno ?? .ioError).rawValue
    }
}

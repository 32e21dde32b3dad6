#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one file descriptor opened for reading with `open(2)` and closes it with `close(2)` when
/// released. Standard input is borrowed, never closed.
///
/// All reads go through ``readSome(into:)``, the one place that calls `read(2)` and retries
/// `EINTR`.
final class ReadableFileDescriptor {
    /// The descriptor number.
    let rawValue: Int32
    /// The path it was opened from, or `"-"` for standard input; used in error messages.
    let path: String
    /// Whether this is the borrowed standard input.
    let isStandardInput: Bool

    /// Opens `path` read-only (`open(2)` with `O_RDONLY | O_CLOEXEC`), retrying `EINTR`.
    init(openingForReading path: String) throws(ReplayError) {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw .openFailed(path: path, errno: errno)
        }
        self.rawValue = descriptor
        self.path = path
        self.isStandardInput = false
    }

    /// Borrows standard input (descriptor 0), named `"-"`; it is left open on release.
    static func standardInput() -> ReadableFileDescriptor {
        ReadableFileDescriptor(borrowing: STDIN_FILENO, path: "-")
    }

    private init(borrowing descriptor: Int32, path: String) {
        self.rawValue = descriptor
        self.path = path
        self.isStandardInput = true
    }

    /// One `read(2)` into `buffer`, retried on `EINTR`. Returns the byte count, 0 at end of file.
    func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(ReplayError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = read(rawValue, base, buffer.count)
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            throw .readFailed(path: path, errno: code)
        }
    }

    /// Moves the read offset to `offset` bytes from the start with `lseek(2)`; fails with
    /// `ESPIPE` on pipes.
    func seek(toOffset offset: Int64) throws(ReplayError) {
        guard lseek(rawValue, off_t(offset), SEEK_SET) >= 0 else {
            throw .seekFailed(path: path, errno: errno)
        }
    }

    deinit {
        if !isStandardInput {
            close(rawValue)
        }
    }
}

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
/// All reads go through ``readSome(into:)``, the one place that calls `read(2)`; `EINTR` is
/// retried by ``SystemCall/retryingInterrupts(_:)``.
final class ReadableFileDescriptor {
    /// The descriptor number.
    let rawValue: Int32
    /// The path it was opened from, or `"-"` for standard input; used in error messages.
    let path: String
    /// Whether this is the borrowed standard input.
    let isStandardInput: Bool

    /// Opens `path` read-only (`open(2)` with `O_RDONLY | O_CLOEXEC`), retrying `EINTR`.
    init(openingForReading path: String) throws(ReplayError) {
        let opened = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard opened.result >= 0 else {
            throw .openFailed(path: path, errno: opened.errno)
        }
        self.rawValue = opened.result
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
        let outcome = SystemCall.retryingInterrupts { read(rawValue, base, buffer.count) }
        guard outcome.result >= 0 else {
            throw .readFailed(path: path, errno: outcome.errno)
        }
        return outcome.result
    }

    /// Moves the read offset to `offset` bytes from the start with `lseek(2)`; fails with
    /// `ESPIPE` on pipes.
    func seek(toOffset offset: Int64) throws(ReplayError) {
        guard lseek(rawValue, off_t(offset), SEEK_SET) >= 0 else {
            throw .seekFailed(path: path, errno: errno)
        }
    }

    /// Whether the descriptor is a regular file (`fstat(2)`): one whose size is known and whose
    /// offset ``skip(_:)`` can move past data instead of reading it.
    var isRegularFile: Bool {
        var status = stat()
        return fstat(rawValue, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Moves the read offset of a regular file up to `count` bytes forward, never past its end
    /// (`lseek(2)`, with the size from `fstat(2)`). Returns how many bytes were passed over,
    /// fewer than `count` only at the end of the file.
    func skip(_ count: Int) throws(ReplayError) -> Int {
        guard count > 0 else { return 0 }
        let position = lseek(rawValue, 0, SEEK_CUR)
        guard position >= 0 else { throw .seekFailed(path: path, errno: errno) }
        var status = stat()
        guard fstat(rawValue, &status) == 0 else { throw .statusFailed(path: path, errno: errno) }
        let step = min(Int64(count), max(0, Int64(status.st_size) - Int64(position)))
        guard lseek(rawValue, off_t(step), SEEK_CUR) >= 0 else { throw .seekFailed(path: path, errno: errno) }
        return Int(step)
    }

    deinit {
        if !isStandardInput {
            close(rawValue)
        }
    }
}

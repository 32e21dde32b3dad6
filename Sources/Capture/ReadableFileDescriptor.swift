#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// Owns one file descriptor opened for reading (swift-system's `FileDescriptor.open`) and closes it
/// when released. Standard input is borrowed, never closed.
///
/// All reads go through ``readSome(into:)``, the one place that calls `read(2)`; swift-system
/// retries `EINTR` (`retryOnInterrupt`).
final class ReadableFileDescriptor {
    /// The descriptor.
    let descriptor: FileDescriptor
    /// The descriptor number.
    var rawValue: Int32 { descriptor.rawValue }
    /// The path it was opened from, or `"-"` for standard input; used in error messages.
    let path: String
    /// Whether this is the borrowed standard input.
    let isStandardInput: Bool

    /// Opens `path` read-only (`open(2)` with `O_RDONLY | O_CLOEXEC`), retrying `EINTR`.
    init(openingForReading path: String) throws(ReplayError) {
        do {
            self.descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
        } catch {
            throw .openFailed(path: path, errno: Self.code(error))
        }
        self.path = path
        self.isStandardInput = false
    }

    /// Borrows standard input (descriptor 0), named `"-"`; it is left open on release.
    static func standardInput() -> ReadableFileDescriptor {
        ReadableFileDescriptor(borrowing: STDIN_FILENO, path: "-")
    }

    private init(borrowing descriptor: Int32, path: String) {
        self.descriptor = FileDescriptor(rawValue: descriptor)
        self.path = path
        self.isStandardInput = true
    }

    /// One `read(2)` into `buffer`, retried on `EINTR`. Returns the byte count, 0 at end of file.
    func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(ReplayError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        do {
            return try descriptor.read(into: UnsafeMutableRawBufferPointer(start: base, count: buffer.count))
        } catch {
            throw .readFailed(path: path, errno: Self.code(error))
        }
    }

    /// The error number of a swift-system failure, which is always an `Errno`.
    private static func code(_ error: any Error) -> Int32 {
        (error as? Errno ?? .ioError).rawValue
    }

    /// Moves the read offset to `offset` bytes from the start with `lseek(2)`; fails with
    /// `ESPIPE` on pipes.
    func seek(toOffset offset: Int64) throws(ReplayError) {
        do {
            _ = try descriptor.seek(offset: offset, from: .start)
        } catch {
            throw .seekFailed(path: path, errno: Self.code(error))
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
            try? descriptor.close()
        }
    }
}

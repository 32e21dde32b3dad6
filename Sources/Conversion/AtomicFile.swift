import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Durable, atomic replacement of a small file.
///
/// The new contents go to a uniquely named temporary file in the same directory
/// (`.{name}.tmp-{pid}-{random}`), which is `fsync`ed, then `rename`d over the target, then the
/// directory is `fsync`ed. Readers see either the old file or the complete new one; a crash
/// before the rename leaves the old file untouched and at most a stray temporary file, which
/// readers never open.
enum AtomicFile {
    /// The prefix of temporary files next to `name`.
    static func temporaryPrefix(for name: String) -> String {
        ".\(name).tmp-"
    }

    /// Replaces the file at `url` with `data`, creating the directory (mode 0700) if needed.
    static func replace(_ url: URL, with data: Data) throws(RateError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw .fileSystem(path: directory.path, reason: "cannot create directory: \(error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(
            "\(temporaryPrefix(for: url.lastPathComponent))\(getpid())-\(UInt32.random(in: .min ... .max))"
        )
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .fileSystem(path: temporary.path, reason: "cannot create: \(errnoText())")
        }
        do throws(RateError) {
            try writeAll(data, to: fd, path: temporary.path)
            guard fsync(fd) == 0 else {
                throw .fileSystem(path: temporary.path, reason: "fsync failed: \(errnoText())")
            }
        } catch {
            close(fd)
            unlink(temporary.path)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = errnoText()
            unlink(temporary.path)
            throw .fileSystem(path: temporary.path, reason: "close failed: \(reason)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = errnoText()
            unlink(temporary.path)
            throw .fileSystem(path: url.path, reason: "rename failed: \(reason)")
        }
        let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(RateError) {
        let failure: String? = data.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR {
                        continue
                    }
                    return errnoText()
                }
                offset += written
            }
            return nil
        }
        if let failure {
            throw .fileSystem(path: path, reason: "write failed: \(failure)")
        }
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import SystemPackage

/// Durable, atomic replacement of a small file.
///
/// The new contents go to a uniquely named temporary file in the same directory
/// (`.{name}.tmp-{pid}-{random}`, written through swift-system's `FileDescriptor`), which is `fsync`ed, then `rename`d over the target, then the
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
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(
                FilePath(temporary.path), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                permissions: [.ownerReadWrite])
        } catch {
            throw .fileSystem(path: temporary.path, reason: "cannot create: \(describe(error))")
        }
        do throws(RateError) {
            do {
                _ = try data.withUnsafeBytes { try file.writeAll($0) }
            } catch {
                throw RateError.fileSystem(path: temporary.path, reason: "write failed: \(describe(error))")
            }
            // swift-system has no fsync.
            guard fsync(file.rawValue) == 0 else {
                throw .fileSystem(path: temporary.path, reason: "fsync failed: \(errnoText())")
            }
        } catch {
            try? file.close()
            unlink(temporary.path)
            throw error
        }
        do {
            try file.close()
        } catch {
            unlink(temporary.path)
            throw .fileSystem(path: temporary.path, reason: "close failed: \(describe(error))")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = errnoText()
            unlink(temporary.path)
            throw .fileSystem(path: url.path, reason: "rename failed: \(reason)")
        }
        if let directoryFile = try? FileDescriptor.open(FilePath(directory.path), .readOnly, options: [.directory, .closeOnExec]) {
            fsync(directoryFile.rawValue)
            try? directoryFile.close()
        }
    }

    /// A swift-system failure's text (`strerror`), which is always an `Errno`.
    private static func describe(_ error: any Error) -> String {
        (error as? Errno)?.description ?? "\(error)"
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

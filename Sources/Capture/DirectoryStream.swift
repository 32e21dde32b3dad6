#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one `DIR*` from `opendir(3)` and closes it with `closedir(3)` when released; lists the
/// entry names of a directory with `readdir(3)`.
final class DirectoryStream {
    private let handle: OpaquePointer
    /// The directory path, used in error messages.
    let path: String

    /// Opens the directory at `path` with `opendir(3)`.
    init(path: String) throws(ReplayError) {
        guard let handle = opendir(path) else {
            throw .directoryListingFailed(path: path, errno: errno)
        }
        self.handle = handle
        self.path = path
    }

    deinit {
        closedir(handle)
    }

    /// All entry names except `.` and `..`, in the order `readdir(3)` returns them.
    func entryNames() throws(ReplayError) -> [String] {
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                let code = errno
                if code != 0 {
                    throw .directoryListingFailed(path: path, errno: code)
                }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." {
                names.append(name)
            }
        }
    }
}

import Foundation

/// The file of a Unix-domain socket: stale ones are replaced, live ones and other files are left alone.
enum UnixSocketFile {
    /// Clears the way for binding `path`: nothing there, or a socket nobody accepts on (left by a
    /// crash), which is removed.
    static func prepare(path: String) throws(ServerError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path: path) }
        guard !acceptsConnections(path: path) else { throw .inUse(path: path) }
        unlink(path)
    }

    /// Whether a process listens on the socket at `path`.
    static func acceptsConnections(path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }

    /// Removes the socket file at `path` if it is still a socket.
    static func remove(path: String) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK {
            unlink(path)
        }
    }
}

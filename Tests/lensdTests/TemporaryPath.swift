import Foundation

/// A fresh directory under /tmp for a test's sockets and files (short, for `sun_path`), removed by ``remove()``.
struct TemporaryPath {
    let directory: String

    init() throws {
        directory = "/tmp/lensd-test-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String {
        directory + "/" + name
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

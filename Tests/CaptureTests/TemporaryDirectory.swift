import Foundation

/// A fresh directory under `FileManager.default.temporaryDirectory`, removed on release.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lensd-capture-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to `name` inside the directory and returns the file's path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let fileURL = url.appendingPathComponent(name)
        try Data(bytes).write(to: fileURL)
        return fileURL.path
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

extension Array where Element == UInt8 {
    /// Writes the bytes to the file at `path`.
    func write(toFile path: String) throws {
        try Data(self).write(to: URL(fileURLWithPath: path))
    }
}

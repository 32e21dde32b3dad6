import Foundation
import Testing
@testable import Conversion

@Suite("Atomic replacement of a file")
struct AtomicFileTests {
    private static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lensd-atomic-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func leftovers(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
    }

    @Test("creates the directory and the file (mode 0600) with exactly the bytes, leaving no temporary file")
    func createsFile() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("cache/rates.json")
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try AtomicFile.replace(target, with: bytes)
        #expect(try Data(contentsOf: target) == bytes)
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try Self.leftovers(in: target.deletingLastPathComponent()).isEmpty)
    }

    @Test("replaces an existing file's contents, shorter ones included")
    func replacesFile() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("rates.json")
        try AtomicFile.replace(target, with: Data("a much longer first version".utf8))
        try AtomicFile.replace(target, with: Data("second".utf8))
        #expect(try String(contentsOf: target, encoding: .utf8) == "second")
        try AtomicFile.replace(target, with: Data())
        #expect(try Data(contentsOf: target).isEmpty)
        #expect(try Self.leftovers(in: root).isEmpty)
    }

    @Test("a failed rename names the target and the system's reason, and removes the temporary file")
    func renameFailure() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("occupied")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: RateError.fileSystem(path: target.path, reason: "rename failed: \(String(cString: strerror(EISDIR)))")) {
            try AtomicFile.replace(target, with: Data("x".utf8))
        }
        #expect(try Self.leftovers(in: root).isEmpty)
    }

    @Test("a temporary file that cannot be created names its path and the system's reason")
    func createFailure() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        // A name that fits, whose temporary file's longer name does not (255 bytes at most).
        let target = root.appendingPathComponent(String(repeating: "r", count: 250))
        do {
            try AtomicFile.replace(target, with: Data("x".utf8))
            Issue.record("no error")
        } catch {
            guard case let .fileSystem(path, reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path.hasPrefix(root.appendingPathComponent(AtomicFile.temporaryPrefix(for: target.lastPathComponent)).path))
            #expect(reason == "cannot create: \(String(cString: strerror(ENAMETOOLONG)))")
        }
    }
}

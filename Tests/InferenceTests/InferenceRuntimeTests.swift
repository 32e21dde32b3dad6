import Foundation
import Testing
@testable import Inference

@Suite("The inference runtime")
struct InferenceRuntimeTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lensd-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aMissingRuntimeIsNamedWithTheInstaller() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/" + InferenceRuntime.libraryName
        #expect(throws: InferenceRuntimeError.runtimeMissing(path: path, installHint: InferenceRuntime.installCommand)) {
            try InferenceRuntime.load(directory: folder.path)
        }
        #expect(InferenceRuntimeError.runtimeMissing(path: path, installHint: InferenceRuntime.installCommand).description.contains("install-models.sh"))
    }

    @Test func aFileThatIsNoLibraryIsUnusableWithTheLoadersReason() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a library".utf8).write(to: folder.appendingPathComponent(InferenceRuntime.libraryName))
        #expect {
            try InferenceRuntime.load(directory: folder.path)
        } throws: { error in
            guard case let .runtimeUnusable(path, reason) = error as? InferenceRuntimeError else { return false }
            return path.hasPrefix(folder.path) && reason.contains("cannot load")
        }
    }

    @Test func theInstalledRuntimeIsLoadedOncePerFolder() throws {
        let directory = InferenceRuntime.resolveDirectory(explicit: ProcessInfo.processInfo.environment["LENSD_RUNTIME"])
        let first = try InferenceRuntime.load(directory: directory)
        let second = try InferenceRuntime.load(directory: directory)
        #expect(first === second)
    }

    @Test func theSearchGoesFromTheUsersFolderToTheSystems() {
        let environment = ["HOME": "/home/ana"]
        #expect(InferenceRuntime.searchDirectories(environment: environment)
            == ["/home/ana/.local/share/lensd/runtime", "/usr/local/lib/lensd/runtime", "/usr/lib/lensd/runtime"])
        #expect(InferenceRuntime.searchDirectories(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ana"]).first == "/data/lensd/runtime")
        let installed = InferenceRuntime.resolveDirectory(explicit: nil, environment: environment) { $0 == "/usr/local/lib/lensd/runtime/" + InferenceRuntime.libraryName }
        #expect(installed == "/usr/local/lib/lensd/runtime")
        #expect(InferenceRuntime.resolveDirectory(explicit: nil, environment: environment) { _ in false } == "/home/ana/.local/share/lensd/runtime")
        #expect(InferenceRuntime.resolveDirectory(explicit: "/opt/ov", environment: environment) { _ in false } == "/opt/ov")
    }
}

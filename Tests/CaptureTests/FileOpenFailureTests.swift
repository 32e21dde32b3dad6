import Foundation
import Testing
@testable import Capture

@Suite("Files that cannot be opened: path and errno in the error")
struct FileOpenFailureTests {
    @Test("a file that cannot be opened names its path and errno")
    func openFailureCarriesPath() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("missing.y4m")
        #expect(throws: ReplayError.openFailed(path: missing, errno: ENOENT)) {
            _ = try ReadableFileDescriptor(openingForReading: missing)
        }
    }

    @Test("a recording into a missing directory fails with its path and errno")
    func recorderOpenFailure() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("no/such/out.y4m")
        #expect(throws: Y4MRecorder.Failure.openFailed(path: path, errno: ENOENT)) {
            _ = try Y4MRecorder(path: path, framesPerSecond: 30)
        }
    }
}

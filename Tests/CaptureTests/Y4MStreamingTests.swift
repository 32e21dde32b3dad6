import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Capture

@Suite("YUV4MPEG2 streaming from pipes")
struct Y4MStreamingTests {
    @Test("delivers each frame from a pipe as soon as it arrives, without waiting for the end")
    func streamsFromNamedPipe() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.y4m")
        #expect(mkfifo(path, 0o600) == 0)
        let firstFrameRead = DispatchSemaphore(value: 0)
        let writerTimedOut = Mutex(false)
        Thread {
            guard let pipe = FileHandle(forWritingAtPath: path) else { return }
            pipe.write(Data(Y4MWriter.header("W3 H2 F5:1 Cmono") + Y4MWriter.frame(luma: [1, 2, 3, 4, 5, 6], trailingBytes: 0)))
            // The second frame is only written once the reader has the first: a reader that
            // waited for the end of the stream would never get there.
            if firstFrameRead.wait(timeout: .now() + .seconds(10)) == .timedOut {
                writerTimedOut.withLock { $0 = true }
            }
            pipe.write(Data(Y4MWriter.frame(luma: [7, 8, 9, 10, 11, 12], trailingBytes: 0)))
            try? pipe.close()
        }.start()

        let source = try ReplaySource.open(paths: [path])
        guard case let .frame(first)? = try source.next() else {
            Issue.record("expected the first frame")
            return
        }
        firstFrameRead.signal()
        #expect(first.luma == [1, 2, 3, 4, 5, 6])
        guard case let .frame(second)? = try source.next() else {
            Issue.record("expected the second frame")
            return
        }
        #expect(second.luma == [7, 8, 9, 10, 11, 12])
        #expect(second.sequence == 1)
        #expect(try source.next() == nil)
        #expect(!writerTimedOut.withLock { $0 })
        #expect(throws: ReplayError.seekFailed(path: path, errno: ESPIPE)) { try source.rewind() }
    }

    @Test("reads YUV4MPEG2 from standard input and refuses to loop it")
    func readsStandardInput() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let savedInput = dup(STDIN_FILENO)
        #expect(savedInput >= 0)
        #expect(dup2(ends[0], STDIN_FILENO) == STDIN_FILENO)
        close(ends[0])
        defer {
            dup2(savedInput, STDIN_FILENO)
            close(savedInput)
        }
        let writeEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let stream = Y4MWriter.stream(width: 4, height: 4, frames: 5, parameters: "F30000:1001 C420jpeg", trailingBytes: 8)
        Thread {
            writeEnd.write(Data(stream))
            try? writeEnd.close()
        }.start()

        let source = try ReplaySource.open(paths: ["-"])
        #expect(source.name == "-")
        let drained = drain(source)
        #expect(drained.fatal == nil)
        #expect(drained.frames.map(\.luma) == (0..<5).map { Y4MWriter.luma(width: 4, height: 4, frame: $0) })
        #expect(throws: ReplayError.cannotLoopStandardInput) { try source.rewind() }
        #expect(ReplayError.cannotLoopStandardInput.description == "cannot loop standard input: it can only be read once")
    }
}

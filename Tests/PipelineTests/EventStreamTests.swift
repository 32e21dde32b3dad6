import Foundation
import LensProtocol
import Testing
@testable import Pipeline

@Suite("EventStream")
struct EventStreamTests {
    /// Emits through a pipe and returns what came out.
    func emitted(_ body: (EventStream) -> Void) throws -> String {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let stream = EventStream(descriptor: descriptors[1])
        body(stream)
        close(descriptors[1])
        let handle = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test("writes class first, then sorted snake_case keys, one object per line, absent fields omitted")
    func lineFormat() throws {
        let text = try emitted { stream in
            stream.emit(ErrorMessage(message: "bad frame", concerns: "replay", path: nil, frame: 7))
            stream.emit(VersionMessage())
        }
        #expect(text == """
            {"class":"ERROR","concerns":"replay","frame":7,"message":"bad frame"}
            {"class":"VERSION","proto_major":1,"proto_minor":3,"release":"\(ProtocolVersion.release)"}

            """)
    }

    @Test("stops writing once the reader has gone, without dying of SIGPIPE")
    func closedReader() throws {
        signal(SIGPIPE, SIG_IGN)
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        close(descriptors[0])
        let stream = EventStream(descriptor: descriptors[1])
        stream.emit(VersionMessage())
        #expect(stream.isClosed)
        close(descriptors[1])
    }
}

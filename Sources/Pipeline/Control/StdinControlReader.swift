import Foundation
import SystemPackage

/// Reads control messages from stdin (`--control stdin`) on a thread of its own; replies go to stdout.
///
/// The read blocks, so the thread is never joined: it ends with the process or at end of input.
public struct StdinControlReader {
    let center: ControlCenter
    let events: EventStream

    public init(center: ControlCenter, events: EventStream) {
        self.center = center
        self.events = events
    }

    public func start() {
        let center = self.center
        let sink = StdoutReplySink(events: events)
        let replies = ReplyOrder()
        let thread = Thread {
            var framer = ControlLineFramer()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                // `read(into:)` retries EINTR; a failure or the end of input ends the reader.
                guard let count = try? buffer.withUnsafeMutableBytes({ try FileDescriptor.standardInput.read(into: $0) }), count > 0 else {
                    return
                }
                for item in buffer.withUnsafeBytes({ framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) {
                    switch item {
                    case .line(let line): center.handle(line: line, replyTo: replies.slot(replyingTo: sink))
                    case .overlong: center.refuseOverlongLine(replyTo: replies.slot(replyingTo: sink))
                    }
                }
            }
        }
        thread.name = "lensd-control-stdin"
        thread.start()
    }
}

import NIOCore
import NIOHTTP1

/// One `GET /events` client: a Server-Sent Events response whose events are the protocol's
/// lines, one `data:` field each.
///
/// The socket clients' slow-client policy: once more than the limit's bytes wait unwritten, the
/// client gets the protocol's `ERROR` line as its last event and is disconnected, so a slow
/// browser never holds back the pipeline or other clients.
///
/// `@unchecked Sendable`: its mutable state is touched only on the channel's event loop;
/// ``send(_:)`` hops onto it.
final class EventClient: @unchecked Sendable {
    let channel: any Channel
    let name: String
    private let bufferLimit: Int
    private let backend: any ViewerBackend
    private var waitingBytes = 0
    private var dropped = false

    init(channel: any Channel, name: String, bufferLimit: Int, backend: any ViewerBackend) {
        self.channel = channel
        self.name = name
        self.bufferLimit = bufferLimit
        self.backend = backend
    }

    /// One protocol line (with or without its newline) as an event; from any thread.
    func send(_ line: ByteBuffer) {
        if channel.eventLoop.inEventLoop {
            write(line)
        } else {
            channel.eventLoop.execute { self.write(line) }
        }
    }

    private func write(_ line: ByteBuffer) {
        guard !dropped else { return }
        let event = Self.event(line)
        guard waitingBytes + event.readableBytes <= bufferLimit else {
            drop()
            return
        }
        waitingBytes += event.readableBytes
        let size = event.readableBytes
        let promise = channel.eventLoop.makePromise(of: Void.self)
        promise.futureResult.whenComplete { _ in self.waitingBytes -= size }
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(event)), promise: promise)
    }

    private func drop() {
        dropped = true
        let waiting = waitingBytes
        backend.note(.dropped(client: name, waitingBytes: waiting, limit: bufferLimit))
        let message = "client fell behind: \(waiting) bytes waiting (limit \(bufferLimit)); disconnecting"
        let last = Self.event(ByteBuffer(bytes: backend.errorLine(message: message)))
        let channel = self.channel
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(last))).whenComplete { _ in channel.close(promise: nil) }
        channel.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
    }

    /// `data: LINE\n\n`, the line without its newline.
    static func event(_ line: ByteBuffer) -> ByteBuffer {
        var line = line
        if line.readableBytes > 0, line.getInteger(at: line.writerIndex - 1, as: UInt8.self) == UInt8(ascii: "\n") {
            line.moveWriterIndex(to: line.writerIndex - 1)
        }
        var event = ByteBuffer()
        event.reserveCapacity(line.readableBytes + 8)
        event.writeString("data: ")
        event.writeBuffer(&line)
        event.writeString("\n\n")
        return event
    }
}

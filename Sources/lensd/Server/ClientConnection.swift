import Foundation
import NIOCore

/// One socket client: gets the banner and then every line of the stream, and may send control
/// messages (one JSON object per line), whose replies come back to it alone.
///
/// Output waits in NIO's outbound buffer while the client does not read. Once more than
/// ``ClientSettings/bufferLimit`` bytes wait, the client is sent an `ERROR`, disconnected and the
/// event is logged (gpsd's policy), so a slow client never slows the pipeline or other clients.
///
/// `@unchecked Sendable`: every mutable field is touched only on the channel's event loop;
/// ``enqueue(_:)`` and ``send(_:)`` hop onto it.
final class ClientConnection: ChannelInboundHandler, ControlReplySink, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    private let settings: ClientSettings
    private let channel: any Channel
    private let name: String
    private var framer = ControlLineFramer()
    private var waitingBytes = 0
    private var dropped = false

    init(channel: any Channel, settings: ClientSettings) {
        self.channel = channel
        self.settings = settings
        self.name = channel.remoteAddress.map { "\($0)" } ?? "unix client"
    }

    /// Queues one line for this client, from any thread; never blocks.
    func enqueue(_ line: ByteBuffer) {
        if channel.eventLoop.inEventLoop {
            write(line)
        } else {
            channel.eventLoop.execute { self.write(line) }
        }
    }

    func send<Message: ProtocolMessage>(_ message: Message) {
        guard let line = settings.events.encodedLine(message) else { return }
        enqueue(ByteBuffer(bytes: line))
    }

    /// Sends what is waiting (for at most `grace`), then closes.
    func finish(grace: TimeAmount) -> EventLoopFuture<Void> {
        let channel = self.channel
        return channel.eventLoop.flatSubmit {
            let drained = channel.writeAndFlush(ByteBuffer())
            let timeout = channel.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) }
            return drained.flatMap { _ in
                timeout.cancel()
                return channel.close()
            }.recover { _ in }
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        settings.metrics.clients.add(1, ordering: .relaxed)
        settings.logger.info("client connected", metadata: ["client": "\(name)"])
        settings.events.attach { banner in
            for line in banner {
                write(ByteBuffer(bytes: line))
            }
            settings.hub.add(self)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        settings.hub.remove(self)
        settings.metrics.clients.add(-1, ordering: .relaxed)
        settings.logger.info("client disconnected", metadata: ["client": "\(name)"])
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        guard !dropped else { return }
        for item in buffer.withUnsafeReadableBytes({ framer.feed($0) }) {
            switch item {
            case .line(let line): settings.center.handle(line: line, replyTo: self)
            case .overlong: settings.center.refuseOverlongLine(replyTo: self)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        settings.logger.debug("client error", metadata: ["client": "\(name)", "error": "\(error)"])
        context.close(promise: nil)
    }

    private func write(_ line: ByteBuffer) {
        guard !dropped, channel.isActive else { return }
        let size = line.readableBytes
        guard waitingBytes + size <= settings.bufferLimit else {
            disconnectSlowClient()
            return
        }
        waitingBytes += size
        channel.writeAndFlush(line).whenComplete { _ in self.waitingBytes -= size }
    }

    /// The client fell too far behind: one last `ERROR`, then the connection is closed.
    private func disconnectSlowClient() {
        dropped = true
        settings.hub.remove(self)
        settings.metrics.clientsDropped.add(1, ordering: .relaxed)
        let message = "client fell behind: \(waitingBytes) bytes waiting (limit \(settings.bufferLimit)); disconnecting"
        settings.logger.warning("\(message)", metadata: ["client": "\(name)"])
        let channel = self.channel
        if let line = settings.events.encodedLine(ErrorMessage(message: message, concerns: "client")) {
            channel.writeAndFlush(ByteBuffer(bytes: line)).whenComplete { _ in channel.close(promise: nil) }
        }
        channel.eventLoop.scheduleTask(in: .milliseconds(500)) { channel.close(promise: nil) }
    }
}

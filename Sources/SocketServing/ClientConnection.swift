import DequeModule
import Foundation
import LensProtocol
import NIOCore
import Pipeline
import Synchronization

/// One socket client: gets the banner and then every line of the stream, and may send control
/// messages (one JSON object per line), whose replies come back to it alone.
///
/// Output goes to NIO while the channel is writable (``ClientSettings/writeWaterMark``) and waits in
/// the connection's own queue otherwise. Once more than ``ClientSettings/bufferLimit`` bytes wait in
/// both, the queued lines are discarded, the client is sent an `ERROR` right after what NIO already
/// holds, disconnected once it has been written (or after ``ClientSettings/lastLineGrace``) and the
/// event is logged (gpsd's policy), so a slow client never slows the pipeline or other clients.
/// A client may choose the classes it receives and a rate for `OVERLAYS` (``StreamSubscription``).
///
/// `@unchecked Sendable`: every mutable field is touched only on the channel's event loop;
/// ``enqueue(_:)`` and ``send(_:)`` hop onto it.
final class ClientConnection: ChannelInboundHandler, ControlReplySink, StreamSubscriber, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    private let settings: ClientSettings
    private let channel: any Channel
    private let name: String
    private var framer = ControlLineFramer()
    /// Replies to this client's control messages leave in the order the messages came.
    private let replies = ReplyOrder()
    /// Control lines read and not yet handled, while replies wait (``handleControlLines()``).
    private var unhandled = Deque<ControlLineFramer.Item>()
    private var readingPaused = false
    /// What the client watches, and when its next `OVERLAYS` line is due: set by a control
    /// message on the event loop, read by the stream's thread.
    private let watching = Mutex((subscription: StreamSubscription.everything, nextOverlays: ContinuousClock.Instant?.none))
    /// Bytes handed to NIO and not yet written.
    private var waitingBytes = 0
    /// Lines not yet handed to NIO, while the channel is not writable.
    private var queued = Deque<ByteBuffer>()
    private var queuedBytes = 0
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

    /// Queues one line of the stream, unless the client does not watch its class or its next
    /// `OVERLAYS` line is not due yet (the first frame from when the previous one was due plus
    /// the rate's interval, so that the rate holds on average between frames).
    func deliver(streamLine line: ByteBuffer) {
        let wanted = watching.withLock { watching -> Bool in
            guard let className = line.withUnsafeReadableBytes({ StreamSubscription.className(of: $0) }) else { return true }
            guard watching.subscription.includes(className) else { return false }
            guard className == OverlaysMessage.className, let rate = watching.subscription.overlaysPerSecond else { return true }
            let now = ContinuousClock.now, interval = Duration.seconds(1 / rate)
            let due = watching.nextOverlays ?? now
            guard now >= due else { return false }
            // After a pause in the stream the rate starts again from now, with no burst.
            watching.nextOverlays = due + interval < now ? now + interval : due + interval
            return true
        }
        if wanted { enqueue(line) }
    }

    var subscription: StreamSubscription {
        watching.withLock { $0.subscription }
    }

    func watch(_ subscription: StreamSubscription) {
        watching.withLock { $0 = (subscription, nil) }
    }

    var subscriber: (any StreamSubscriber)? { self }

    func send<Message: ProtocolMessage>(_ message: Message) {
        guard let line = settings.events.encodedLine(message) else { return }
        enqueue(ByteBuffer(bytes: line))
    }

    /// Sends what is waiting (for at most `grace`), then closes.
    func finish(grace: TimeAmount) -> EventLoopFuture<Void> {
        let channel = self.channel
        return channel.eventLoop.flatSubmit {
            while let line = self.queued.popFirst() { channel.write(line, promise: nil) }
            self.queuedBytes = 0
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
        unhandled.removeAll()
        settings.hub.remove(self)
        settings.metrics.clients.add(-1, ordering: .relaxed)
        settings.logger.info("client disconnected", metadata: ["client": "\(name)"])
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        guard !dropped else { return }
        unhandled.append(contentsOf: buffer.withUnsafeReadableBytes { framer.feed($0) })
        handleControlLines()
    }

    /// Handles the control lines read, while fewer than ``maximumHeldReplies`` replies wait for
    /// an earlier one (a `status` behind a `zoom` waits for the next frame). Beyond that the
    /// connection stops reading and looks again shortly: a client that sends faster than its
    /// requests are answered is slowed down, and the replies released at once stay few.
    private func handleControlLines() {
        while !dropped, replies.waitingCount < Self.maximumHeldReplies, let item = unhandled.popFirst() {
            switch item {
            case .line(let line): settings.center.handle(line: line, replyTo: replies.slot(replyingTo: self))
            case .overlong: settings.center.refuseOverlongLine(replyTo: replies.slot(replyingTo: self))
            }
        }
        let backlog = !dropped && !unhandled.isEmpty
        if backlog != readingPaused {
            readingPaused = backlog
            channel.setOption(ChannelOptions.autoRead, value: !backlog).whenFailure { _ in }
        }
        if backlog {
            channel.eventLoop.scheduleTask(in: .milliseconds(5)) { self.handleControlLines() }
        }
    }

    /// Replies that may wait for an earlier request's before the connection stops reading.
    static let maximumHeldReplies = 256

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        while !dropped, context.channel.isWritable, let line = queued.popFirst() {
            queuedBytes -= line.readableBytes
            hand(line)
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        settings.logger.debug("client error", metadata: ["client": "\(name)", "error": "\(error)"])
        context.close(promise: nil)
    }

    private func write(_ line: ByteBuffer) {
        guard !dropped, channel.isActive else { return }
        let size = line.readableBytes
        guard waitingBytes + queuedBytes + size <= settings.bufferLimit else {
            disconnectSlowClient()
            return
        }
        if queued.isEmpty, channel.isWritable {
            hand(line)
        } else {
            queued.append(line)
            queuedBytes += size
        }
    }

    /// Gives one line to NIO, counted until it is written.
    private func hand(_ line: ByteBuffer) {
        let size = line.readableBytes
        waitingBytes += size
        channel.writeAndFlush(line).whenComplete { _ in self.waitingBytes -= size }
    }

    /// The client fell too far behind: the lines still queued go, one last `ERROR` follows what
    /// NIO holds, and the connection is closed once it is written or after the grace.
    private func disconnectSlowClient() {
        let waiting = waitingBytes + queuedBytes
        dropped = true
        queued.removeAll()
        queuedBytes = 0
        settings.hub.remove(self)
        settings.metrics.clientsDropped.add(1, ordering: .relaxed)
        let message = "client fell behind: \(waiting) bytes waiting (limit \(settings.bufferLimit)); disconnecting"
        settings.logger.warning("\(message)", metadata: ["client": "\(name)"])
        let channel = self.channel
        if let line = settings.events.encodedLine(ErrorMessage(message: message, concerns: "client")) {
            channel.writeAndFlush(ByteBuffer(bytes: line)).whenComplete { _ in channel.close(promise: nil) }
        }
        channel.eventLoop.scheduleTask(in: ClientSettings.lastLineGrace) { channel.close(promise: nil) }
    }
}

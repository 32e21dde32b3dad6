import NIOCore
import NIOHTTP1

/// Answers one HTTP connection's requests:
///
/// | request | answer |
/// |---|---|
/// | `GET /` | the viewer page (``ViewerPage``) |
/// | `GET /frame.jpg`, `GET /annotated.jpg` | the latest frame, without or with its overlays drawn; header `X-Lensd-Frame` names it |
/// | `GET /stream.mjpg` (`?raw=1` without overlays) | `multipart/x-mixed-replace` JPEG parts, each frame once, at most the configured rate |
/// | `GET /events` | Server-Sent Events, one protocol line per event, banner first |
/// | `POST /control` | one control message; its `ACK` (200) or `ERROR` (400) |
/// | `GET /metrics` | Prometheus text |
/// | `GET /healthz` | 200 while frames flow, 503 otherwise |
///
/// `@unchecked Sendable`: state is touched only on the channel's event loop.
final class ViewerRequestHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    struct Settings: Sendable {
        var backend: any ViewerBackend
        var cache: FrameEncodingCache
        var clients: EventClients
        var streamInterval: TimeAmount
        var clientBufferLimit: Int
        var page: [UInt8]
    }

    /// The longest `POST /control` body read.
    static let maximumBodyBytes = 64 * 1024

    private let settings: Settings
    private let channel: any Channel
    private let name: String
    private var request: HTTPRequestHead?
    private var body = ByteBuffer()
    private var bodyTooLong = false
    private var eventClient: EventClient?
    private var stream: RepeatedTask?
    private var streamPath: String?
    /// The last frame `/stream.mjpg` sent, and whether its next one is being encoded.
    private var streamedSequence: UInt64?
    private var streamEncoding = false

    init(settings: Settings, channel: any Channel) {
        self.settings = settings
        self.channel = channel
        self.name = channel.remoteAddress.map { "\($0)" } ?? "http client"
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = head
            body.clear()
            bodyTooLong = false
        case .body(var part):
            if body.readableBytes + part.readableBytes > Self.maximumBodyBytes {
                bodyTooLong = true
            } else {
                body.writeBuffer(&part)
            }
        case .end:
            guard let head = request else { return }
            request = nil
            route(head, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stream?.cancel()
        stream = nil
        if let eventClient {
            settings.clients.remove(eventClient)
            settings.backend.note(.disconnected(client: name, path: "/events"))
        }
        if let streamPath {
            settings.backend.note(.disconnected(client: name, path: streamPath))
        }
        context.fireChannelInactive()
    }

    private func route(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let parts = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts.first ?? "/"), query = parts.count > 1 ? String(parts[1]) : ""
        let keepAlive = head.isKeepAlive
        switch (head.method, path) {
        case (.GET, "/"), (.GET, "/index.html"):
            respond(keepAlive: keepAlive, status: .ok, type: "text/html; charset=utf-8", body: settings.page)
        case (.GET, "/frame.jpg"):
            sendFrame(.plain, context, keepAlive: keepAlive)
        case (.GET, "/annotated.jpg"):
            sendFrame(.annotated, context, keepAlive: keepAlive)
        case (.GET, "/stream.mjpg"):
            startStream(query.split(separator: "&").contains("raw=1") ? .plain : .annotated, context)
        case (.GET, "/events"):
            startEvents(context)
        case (.POST, "/control"):
            control(context, keepAlive: keepAlive)
        case (.GET, "/metrics"):
            respond(keepAlive: keepAlive, status: .ok, type: "text/plain; version=0.0.4; charset=utf-8", body: settings.backend.metricsText())
        case (.GET, "/healthz"):
            let health = settings.backend.health()
            respond(keepAlive: keepAlive, status: health.healthy ? .ok : .serviceUnavailable,
                    type: "text/plain; charset=utf-8", body: Array((health.detail + "\n").utf8))
        case (_, "/"), (_, "/index.html"), (_, "/frame.jpg"), (_, "/annotated.jpg"), (_, "/stream.mjpg"), (_, "/events"), (_, "/control"), (_, "/metrics"), (_, "/healthz"):
            respond(keepAlive: keepAlive, status: .methodNotAllowed, type: "text/plain; charset=utf-8",
                    body: Array("\(head.method) is not allowed on \(path)\n".utf8), extra: [("Allow", path == "/control" ? "POST" : "GET")])
        default:
            respond(keepAlive: keepAlive, status: .notFound, type: "text/plain; charset=utf-8", body: Array("no such page: \(path)\n".utf8))
        }
    }

    private func respond(
        keepAlive: Bool, status: HTTPResponseStatus, type: String, body: [UInt8],
        extra: [(String, String)] = []
    ) {
        var headers = HTTPHeaders([("Content-Type", type), ("Content-Length", "\(body.count)"), ("Cache-Control", "no-store")])
        headers.add(contentsOf: extra)
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        channel.write(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)), promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
        let done = channel.writeAndFlush(HTTPServerResponsePart.end(nil))
        if !keepAlive {
            let channel = self.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    private func sendFrame(_ kind: FrameEncodingCache.Kind, _ context: ChannelHandlerContext, keepAlive: Bool) {
        let channel = self.channel
        settings.cache.jpeg(kind, on: channel.eventLoop).whenSuccess { [self] encoded in
            guard channel.isActive else { return }
            guard let encoded else {
                respond(keepAlive: keepAlive, status: .serviceUnavailable, type: "text/plain; charset=utf-8",
                        body: Array("no frame yet\n".utf8), extra: [("Retry-After", "1")])
                return
            }
            respond(keepAlive: keepAlive, status: .ok, type: "image/jpeg", body: encoded.jpeg,
                    extra: [("X-Lensd-Frame", "\(encoded.sequence)")])
        }
    }

    private static let boundary = "lensdframe"

    private func startStream(_ kind: FrameEncodingCache.Kind, _ context: ChannelHandlerContext) {
        let headers = HTTPHeaders([
            ("Content-Type", "multipart/x-mixed-replace; boundary=\(Self.boundary)"), ("Cache-Control", "no-store"), ("Connection", "close"),
        ])
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
        streamPath = "/stream.mjpg"
        settings.backend.note(.connected(client: name, path: "/stream.mjpg"))
        let channel = self.channel, cache = settings.cache
        stream = channel.eventLoop.scheduleRepeatedTask(initialDelay: .zero, delay: settings.streamInterval) { [self] task in
            guard channel.isActive else {
                task.cancel()
                return
            }
            // A client that has not read the last part skips frames rather than queueing them.
            guard !streamEncoding, channel.isWritable else { return }
            streamEncoding = true
            cache.jpeg(kind, on: channel.eventLoop).whenSuccess { [self] encoded in
                streamEncoding = false
                guard let encoded, encoded.sequence != streamedSequence, channel.isActive else { return }
                streamedSequence = encoded.sequence
                var part = ByteBuffer()
                part.writeString("--\(Self.boundary)\r\nContent-Type: image/jpeg\r\nContent-Length: \(encoded.jpeg.count)\r\nX-Lensd-Frame: \(encoded.sequence)\r\n\r\n")
                part.writeBytes(encoded.jpeg)
                part.writeString("\r\n")
                channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(part)), promise: nil)
            }
        }
    }

    private func startEvents(_ context: ChannelHandlerContext) {
        let headers = HTTPHeaders([
            ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"), ("Connection", "close"),
            ("X-Accel-Buffering", "no"),
        ])
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
        let client = EventClient(channel: channel, name: name, bufferLimit: settings.clientBufferLimit, backend: settings.backend)
        eventClient = client
        settings.backend.note(.connected(client: name, path: "/events"))
        settings.backend.attachEvents { banner in
            for line in banner { client.send(ByteBuffer(bytes: line)) }
            settings.clients.add(client)
        }
    }

    private func control(_ context: ChannelHandlerContext, keepAlive: Bool) {
        guard !bodyTooLong else {
            respond(keepAlive: false, status: .payloadTooLarge, type: "text/plain; charset=utf-8",
                    body: Array("a control message is at most \(Self.maximumBodyBytes) bytes\n".utf8))
            return
        }
        var line = Array(body.readableBytesView)
        while let last = line.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { line.removeLast() }
        let eventLoop = channel.eventLoop, channel = self.channel
        let handler = NIOLoopBound(self, eventLoop: eventLoop)
        settings.backend.control(line: line) { reply, accepted in
            eventLoop.execute {
                guard channel.isActive else { return }
                handler.value.respond(keepAlive: keepAlive, status: accepted ? .ok : .badRequest,
                                      type: "application/json", body: reply)
            }
        }
    }
}

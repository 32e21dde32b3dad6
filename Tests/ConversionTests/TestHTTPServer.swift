import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// What ``TestHTTPServer`` answers to one request.
enum TestAnswer: Sendable {
    /// A complete answer.
    case body(status: Int = 200, _ text: String)
    /// A complete answer sent only after `seconds`.
    case slow(seconds: Double, _ text: String)
    /// A `Content-Length` of the full text but only its first `sentBytes` bytes, then close.
    case truncated(_ text: String, sentBytes: Int)
    /// Close the connection without answering.
    case hangUp
}

/// A real HTTP/1.1 server on 127.0.0.1 at an ephemeral port, answering each request by path.
final class TestHTTPServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let requests: TestRequestLog
    /// The server's base URL, e.g. `http://127.0.0.1:54321`.
    let baseURL: URL

    /// Starts a server answering with `route(path)`.
    init(route: @escaping @Sendable (String) -> TestAnswer) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let requests = TestRequestLog()
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(
                        TestHTTPHandler(route: route, log: requests.append)
                    )
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        let port = channel.localAddress?.port ?? 0
        self.group = group
        self.channel = channel
        self.requests = requests
        self.baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// The paths requested so far, in order.
    var requestedPaths: [String] {
        requests.paths
    }

    /// Stops the server.
    func shutdown() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }
}

/// The paths a ``TestHTTPServer`` was asked for.
private final class TestRequestLog: Sendable {
    private let storage = Mutex<[String]>([])

    var paths: [String] {
        storage.withLock { $0 }
    }

    @Sendable func append(_ path: String) {
        storage.withLock { $0.append(path) }
    }
}

/// Answers each HTTP request on a connection according to the route.
private final class TestHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let route: @Sendable (String) -> TestAnswer
    private let log: @Sendable (String) -> Void
    private var path = "/"

    init(route: @escaping @Sendable (String) -> TestAnswer, log: @escaping @Sendable (String) -> Void) {
        self.route = route
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            path = head.uri
        case .body:
            break
        case .end:
            log(path)
            answer(route(path), context: context)
        }
    }

    private func answer(_ answer: TestAnswer, context: ChannelHandlerContext) {
        switch answer {
        case .body(let status, let text):
            send(status: status, text: text, context: context)
        case .slow(let seconds, let text):
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .milliseconds(Int64(seconds * 1000))) {
                let (handler, context) = bound.value
                handler.send(status: 200, text: text, context: context)
            }
        case .truncated(let text, let sentBytes):
            var headers = HTTPHeaders()
            headers.add(name: "Content-Length", value: "\(text.utf8.count)")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            let buffer = context.channel.allocator.buffer(bytes: Array(text.utf8.prefix(sentBytes)))
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            context.close(promise: nil)
        case .hangUp:
            context.close(promise: nil)
        }
    }

    private func send(status: Int, text: String, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Length", value: "\(text.utf8.count)")
        headers.add(name: "Content-Type", value: "application/octet-stream")
        let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: text)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}

import NIOCore
import NIOHTTP1

/// Answers each HTTP request on a connection according to the route.
final class TestHTTPHandler: ChannelInboundHandler {
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
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil
            )
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

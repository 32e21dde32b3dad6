import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

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

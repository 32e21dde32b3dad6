import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The viewer's HTTP server (SwiftNIO's HTTP/1.1 pipeline on TCP): the page, frames as JPEG and
/// MJPEG, the protocol's lines as Server-Sent Events, control, metrics and health
/// (``ViewerRequestHandler`` lists the routes).
///
/// Encoding runs on a thread pool of its own, requests on one event loop; nothing here runs on
/// the daemon's frame thread. ``broadcast(_:)`` hands every stream line to the event clients.
public final class ViewerServer: Sendable {
    /// Where and how the server listens.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// Frames a second of `/stream.mjpg` and of the page's frame updates, at most.
        public var streamFramesPerSecond: Double
        /// Bytes an event client may leave unread before it is dropped.
        public var clientBufferLimit: Int

        public init(host: String = "127.0.0.1", port: Int, streamFramesPerSecond: Double = 10, clientBufferLimit: Int = 1 << 20) {
            self.host = host
            self.port = port
            self.streamFramesPerSecond = streamFramesPerSecond
            self.clientBufferLimit = clientBufferLimit
        }
    }

    private let group: MultiThreadedEventLoopGroup
    private let threadPool: NIOThreadPool
    private let channel: any Channel
    private let clients: EventClients
    let cache: FrameEncodingCache

    /// The port the server listens on (the one asked for, or the kernel's choice for 0).
    public let port: Int

    private init(group: MultiThreadedEventLoopGroup, threadPool: NIOThreadPool, channel: any Channel, clients: EventClients, cache: FrameEncodingCache) {
        self.group = group
        self.threadPool = threadPool
        self.channel = channel
        self.clients = clients
        self.cache = cache
        self.port = channel.localAddress?.port ?? 0
    }

    /// Binds and starts serving; throws when the address cannot be bound. Blocks only while the
    /// socket is bound (NIO's `bind(host:port:).wait()`), so that no caller needs a task of its own.
    public static func start(_ configuration: Configuration, backend: any ViewerBackend) throws(ViewerError) -> ViewerServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        let clients = EventClients()
        let cache = FrameEncodingCache(backend: backend, threadPool: threadPool)
        let settings = ViewerRequestHandler.Settings(
            backend: backend, cache: cache, clients: clients,
            streamInterval: .nanoseconds(Int64(1e9 / max(0.1, min(configuration.streamFramesPerSecond, 60)))),
            clientBufferLimit: configuration.clientBufferLimit,
            page: Array(ViewerPage.html(framesPerSecond: configuration.streamFramesPerSecond).utf8))
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(ViewerRequestHandler(settings: settings, channel: channel))
                }
            }
        do {
            let channel = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
            return ViewerServer(group: group, threadPool: threadPool, channel: channel, clients: clients, cache: cache)
        } catch {
            try? group.syncShutdownGracefully()
            try? threadPool.syncShutdownGracefully()
            throw ViewerError("cannot listen for HTTP on \(configuration.host):\(configuration.port): \(error)")
        }
    }

    /// Hands one protocol line to every `/events` client; never blocks.
    public func broadcast(_ line: ByteBuffer) {
        clients.broadcast(line)
    }

    /// Clients of `/events` connected now.
    public var eventClientCount: Int { clients.count }

    /// Frames encoded as JPEG so far.
    public var framesEncoded: Int { cache.encodings.load(ordering: .relaxed) }

    /// Stops listening, closes every client and stops the server's threads, blocking until they have.
    public func syncShutdown() {
        try? channel.close().wait()
        for client in clients.all {
            try? client.channel.close().wait()
        }
        try? group.syncShutdownGracefully()
        try? threadPool.syncShutdownGracefully()
    }

    /// Stops listening, closes every client and stops the server's threads.
    public func shutdown() async {
        try? await channel.close()
        for client in clients.all {
            try? await client.channel.close()
        }
        try? await group.shutdownGracefully()
        try? await threadPool.shutdownGracefully()
    }
}

/// The `/events` clients connected now.
final class EventClients: Sendable {
    private let clients = Mutex<[ObjectIdentifier: EventClient]>([:])

    func add(_ client: EventClient) {
        clients.withLock { $0[ObjectIdentifier(client)] = client }
    }

    func remove(_ client: EventClient) {
        clients.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(client)) }
    }

    var all: [EventClient] { clients.withLock { Array($0.values) } }
    var count: Int { clients.withLock { $0.count } }

    func broadcast(_ line: ByteBuffer) {
        for client in all { client.send(line) }
    }
}

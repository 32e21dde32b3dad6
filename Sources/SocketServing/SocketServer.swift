import Logging
import NIOCore
import NIOPosix

/// Accepts socket clients on every `--listen` address (SwiftNIO, one event-loop thread).
///
/// The kernel's send buffer of each client is a quarter of ``ClientSettings/bufferLimit`` (4 KiB to
/// 64 KiB) and NIO holds little more (``ClientSettings/writeWaterMark``; the rest waits in the
/// client's own queue), so a stalled client is noticed after a bounded amount of output and its
/// last `ERROR` comes right after what the network already holds. Unix sockets get mode 0660, a stale socket file left by a crash is replaced, and the files are
/// removed by ``shutdown()``. Listening starts in ``start(addresses:settings:)`` so that a bad address is a
/// startup error.
public final class SocketServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let listeners: [any Channel]
    private let unixPaths: [String]
    private let settings: ClientSettings

    private init(group: MultiThreadedEventLoopGroup, listeners: [any Channel], unixPaths: [String], settings: ClientSettings) {
        self.group = group
        self.listeners = listeners
        self.unixPaths = unixPaths
        self.settings = settings
    }

    /// Binds every address; on any failure closes what was bound and throws.
    public static func start(addresses: [ListenAddress], settings: ClientSettings) async throws(ServerError) -> SocketServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.so_sndbuf), value: SocketOptionValue(max(4096, min(64 * 1024, settings.bufferLimit / 4))))
            .childChannelOption(.writeBufferWaterMark, value: settings.writeWaterMark)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ClientConnection(channel: channel, settings: settings))
                }
            }
        var listeners: [any Channel] = []
        var unixPaths: [String] = []
        for address in addresses {
            do {
                let channel: any Channel
                switch address {
                case .unix(let path):
                    try UnixSocketFile.prepare(path: path)
                    channel = try await bootstrap.bind(unixDomainSocketPath: path).get()
                    unixPaths.append(path)
                    chmod(path, 0o660)
                case .tcp(let host, let port):
                    channel = try await bootstrap.bind(host: host, port: port).get()
                }
                listeners.append(channel)
                settings.logger.notice("listening on \(Self.describe(address, channel))")
            } catch {
                for listener in listeners {
                    try? await listener.close()
                }
                unixPaths.forEach(UnixSocketFile.remove(path:))
                try? await group.shutdownGracefully()
                throw error as? ServerError ?? .bindFailed(address: address.description, reason: ServerError.reason(error))
            }
        }
        return SocketServer(group: group, listeners: listeners, unixPaths: unixPaths, settings: settings)
    }

    /// Stops accepting, sends clients what is waiting (up to 300 ms), closes them and removes the socket files.
    public func shutdown() async {
        for listener in listeners {
            try? await listener.close()
        }
        let finishing = settings.hub.all.map { $0.finish(grace: .milliseconds(300)) }
        for client in finishing {
            try? await client.get()
        }
        unixPaths.forEach(UnixSocketFile.remove(path:))
        try? await group.shutdownGracefully()
    }

    private static func describe(_ address: ListenAddress, _ channel: any Channel) -> String {
        guard case .tcp = address, let port = channel.localAddress?.port, let ip = channel.localAddress?.ipAddress else {
            return address.description
        }
        return ListenAddress.tcp(host: ip, port: port).description
    }
}

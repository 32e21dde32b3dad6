import ServiceLifecycle
import SocketServing

/// Keeps the socket server up until graceful shutdown reaches it (after the pipeline has sent
/// its last line), then closes the clients and removes the socket files.
struct SocketServerService: Service {
    let server: SocketServer

    func run() async {
        try? await gracefulShutdown()
        await server.shutdown()
    }
}

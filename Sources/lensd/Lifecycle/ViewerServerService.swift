import ServiceLifecycle
import Viewer

/// Keeps the HTTP viewer serving until the service group shuts down, then closes it.
struct ViewerServerService: Service {
    let server: ViewerServer

    func run() async {
        try? await gracefulShutdown()
        await server.shutdown()
    }
}

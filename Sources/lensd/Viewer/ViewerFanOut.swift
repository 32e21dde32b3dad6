import Foundation
import NIOCore
import Pipeline
import SocketServing
import Synchronization
import Viewer

/// The stream's fan-out when the HTTP viewer runs: every line goes to the socket clients (if
/// any listen) and to the viewer's `/events` clients, once the server has started.
final class ViewerFanOut: LineFanOut {
    private let sockets: ClientHub?
    private let server = Mutex<ViewerServer?>(nil)

    init(sockets: ClientHub?) {
        self.sockets = sockets
    }

    func attach(_ server: ViewerServer) {
        self.server.withLock { $0 = server }
    }

    func broadcast(_ line: Data) {
        sockets?.broadcast(line)
        guard let server = server.withLock({ $0 }), server.eventClientCount > 0 else { return }
        server.broadcast(ByteBuffer(bytes: line))
    }
}

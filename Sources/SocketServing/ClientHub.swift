import Foundation
import NIOCore
import Pipeline
import Synchronization

/// The connected socket clients: each line of the stream is copied once into a `ByteBuffer`
/// and handed to every client's own bounded buffer.
public final class ClientHub: LineFanOut {
    private let clients = Mutex<[ObjectIdentifier: ClientConnection]>([:])

    public init() {}

    public func broadcast(_ line: Data) {
        let recipients = clients.withLock { Array($0.values) }
        guard !recipients.isEmpty else { return }
        let buffer = ByteBuffer(bytes: line)
        for client in recipients {
            client.deliver(streamLine: buffer)
        }
    }

    func add(_ client: ClientConnection) {
        clients.withLock { $0[ObjectIdentifier(client)] = client }
    }

    func remove(_ client: ClientConnection) {
        clients.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(client)) }
    }

    var all: [ClientConnection] {
        clients.withLock { Array($0.values) }
    }
}

import Synchronization

/// The paths a ``TestHTTPServer`` was asked for.
final class TestRequestLog: Sendable {
    private let storage = Mutex<[String]>([])

    var paths: [String] {
        storage.withLock { $0 }
    }

    @Sendable func append(_ path: String) {
        storage.withLock { $0.append(path) }
    }
}

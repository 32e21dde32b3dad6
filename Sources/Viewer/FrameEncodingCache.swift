import NIOCore
import NIOPosix
import Synchronization

/// The latest frame as JPEG, encoded once per frame and kind however many clients ask, on the
/// server's thread pool (never on an event loop or the frame thread), and only when asked.
final class FrameEncodingCache: Sendable {
    enum Kind: Hashable, Sendable {
        /// The frame as it is, grey.
        case plain
        /// With its overlays drawn.
        case annotated
    }

    /// One encoded frame.
    struct Encoded: Sendable {
        var sequence: UInt64
        var jpeg: [UInt8]
    }

    private struct Entry {
        var latest: Encoded?
        var waiting: [EventLoopPromise<Encoded?>]?
    }

    private let backend: any ViewerBackend
    private let threadPool: NIOThreadPool
    private let entries = Mutex<[Kind: Entry]>([:])
    /// Frames encoded so far, of either kind.
    let encodings = Atomic<Int>(0)

    init(backend: any ViewerBackend, threadPool: NIOThreadPool) {
        self.backend = backend
        self.threadPool = threadPool
    }

    /// The latest frame of `kind` (nil before the first frame); an encoding under way is shared.
    func jpeg(_ kind: Kind, on eventLoop: any EventLoop) -> EventLoopFuture<Encoded?> {
        guard let frame = backend.latestFrame() else { return eventLoop.makeSucceededFuture(nil) }
        let promise = eventLoop.makePromise(of: Encoded?.self)
        let start = entries.withLock { entries -> Bool in
            var entry = entries[kind] ?? Entry()
            defer { entries[kind] = entry }
            if let latest = entry.latest, latest.sequence == frame.sequence {
                promise.succeed(latest)
                return false
            }
            if entry.waiting != nil {
                entry.waiting?.append(promise)
                return false
            }
            entry.waiting = [promise]
            return true
        }
        guard start else { return promise.futureResult }
        threadPool.submit { [self] _ in
            let encoded = try? Self.encode(frame, kind)
            if encoded != nil { encodings.add(1, ordering: .relaxed) }
            let waiting = entries.withLock { entries -> [EventLoopPromise<Encoded?>] in
                var entry = entries[kind] ?? Entry()
                defer { entries[kind] = entry }
                if let encoded { entry.latest = encoded }
                let waiting = entry.waiting ?? []
                entry.waiting = nil
                return waiting
            }
            for waiter in waiting { waiter.succeed(encoded) }
        }
        return promise.futureResult
    }

    private static func encode(_ frame: ViewerFrame, _ kind: Kind) throws(ImageEncodingError) -> Encoded {
        let image = try AnnotatedImage(luma: frame.luma, width: frame.width, height: frame.height, stride: frame.stride, colour: kind == .annotated)
        if kind == .annotated { try image.draw(frame.overlays) }
        return Encoded(sequence: frame.sequence, jpeg: try image.jpeg())
    }
}

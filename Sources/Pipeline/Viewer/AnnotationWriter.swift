import Dispatch
import Foundation
import Logging
import Synchronization
import Viewer

/// Writes every Nth processed frame with its prices drawn as `DIR/frame-NNNNNN.png`
/// (`replay --annotate DIR --annotate-every N`), on a queue of its own, never the frame thread.
///
/// At most ``backlog`` frames wait to be written: a `--fast` replay then waits for the writer
/// (every frame asked for is written); a live one skips the frame and counts it, logged at the end.
public final class AnnotationWriter: Sendable {
    static let backlog = 8

    private let directory: String
    private let every: UInt64
    private let waitsForWriter: Bool
    private let logger: Logger
    private let queue = DispatchQueue(label: "lensd.annotations")
    private let slots = DispatchSemaphore(value: AnnotationWriter.backlog)
    private let written = Atomic<Int>(0)
    private let skipped = Atomic<Int>(0)
    private let failed = Mutex(false)

    /// Creates `directory` if needed; throws a message when it cannot.
    public init(directory: String, every: Int, waitsForWriter: Bool, logger: Logger) throws(AnnotationError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw AnnotationError(message: "cannot create --annotate directory \(directory): \(error.localizedDescription)")
        }
        self.directory = directory
        self.every = UInt64(max(1, every))
        self.waitsForWriter = waitsForWriter
        self.logger = logger
    }

    /// Queues `frame` when its sequence number is a multiple of N.
    func write(_ frame: ViewerFrame) {
        guard frame.sequence % every == 0 else { return }
        if waitsForWriter {
            slots.wait()
        } else if slots.wait(timeout: .now()) == .timedOut {
            skipped.add(1, ordering: .relaxed)
            return
        }
        let path = String(format: "%@/frame-%06llu.png", directory, frame.sequence)
        queue.async { [self] in
            defer { slots.signal() }
            do throws(ImageEncodingError) {
                let image = try AnnotatedImage(luma: frame.luma, width: frame.width, height: frame.height, stride: frame.stride, colour: true)
                try image.draw(frame.overlays)
                try image.writePNG(to: path)
                written.add(1, ordering: .relaxed)
            } catch {
                let first = failed.withLock { failed in
                    defer { failed = true }
                    return !failed
                }
                if first { logger.error("cannot write an annotated frame: \(error.description)") }
            }
        }
    }

    /// Waits for the frames queued; logs how many were written and skipped.
    public func finish() {
        queue.sync {}
        let skipped = skipped.load(ordering: .relaxed)
        logger.info("annotated frames written", metadata: [
            "written": "\(written.load(ordering: .relaxed))", "skipped": "\(skipped)", "directory": "\(directory)",
        ])
        if skipped > 0 {
            logger.warning("\(skipped) annotated frames skipped: the writer fell behind the live replay")
        }
    }
}

/// Why `--annotate` cannot be used.
public struct AnnotationError: Error, CustomStringConvertible {
    let message: String
    public var description: String { message }
}

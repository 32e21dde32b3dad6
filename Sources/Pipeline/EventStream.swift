import Dispatch
import Foundation
import LensProtocol
import Synchronization
import SystemPackage

/// Writes protocol messages as newline-delimited JSON to a file descriptor (stdout by default).
///
/// Each message is encoded and written with one `write(2)` loop under a lock, so lines from
/// different threads never interleave. A closed reader (EPIPE) ends output quietly: lensd keeps
/// running its stages and stops writing; ``isClosed`` tells the pipeline.
///
/// With a ``LineFanOut`` (the socket clients) every line also goes there, in the same order, and
/// the stream stays open for them when stdout closes. The last `DEVICE` and `RATES` lines are kept
/// for the banner of clients that connect later (``attach(_:)``). Every `ERROR` line it writes or
/// encodes for one reader is counted by `onErrorLine` (`STATS.errors`).
public final class EventStream: Sendable {
    private struct State {
        var encoder: JSONEncoder
        var closed = false
        var lastDevice: DeviceMessage?
        var bannerLines: [String: Data] = [:]
    }

    private let descriptor: Int32
    private let fanOut: (any LineFanOut)?
    private let state: Mutex<State>
    /// Serialises every write, so lines queued by ``emitLater(_:)`` keep their order with the rest.
    private let writer = DispatchQueue(label: "lensd.event-stream")
    private let queuedLines = Atomic<Int>(0)
    private let onErrorLine: @Sendable () -> Void

    public init(descriptor: Int32 = STDOUT_FILENO, fanOut: (any LineFanOut)? = nil, onErrorLine: @escaping @Sendable () -> Void = {}) {
        self.descriptor = descriptor
        self.fanOut = fanOut
        self.onErrorLine = onErrorLine
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        self.state = Mutex(State(encoder: encoder))
    }

    /// Whether nobody reads the stream any more: stdout has closed and there are no socket clients to serve.
    var isClosed: Bool { state.withLock { $0.closed } && fanOut == nil }

    /// The last `DEVICE` line sent, if any.
    public var lastDevice: DeviceMessage? { state.withLock { $0.lastDevice } }

    /// Encodes one message and writes it as a line, `class` first, to stdout and the fan-out;
    /// returns once it is written, after any line queued by ``emitLater(_:)`` before it.
    public func emit<Message: ProtocolMessage>(_ message: Message) {
        writer.sync { writeLine(message) }
    }

    /// Queues one message to be encoded and written on the stream's own writer thread, in order
    /// with every other line, so that a latency-bound caller (the frame thread) does no JSON work.
    /// While more than ``maximumQueuedLines`` lines wait (a slow reader), it writes at once
    /// instead, so a stalled stdout holds the caller back rather than filling memory.
    func emitLater<Message: ProtocolMessage & Sendable>(_ message: Message) {
        guard queuedLines.add(1, ordering: .relaxed).newValue <= Self.maximumQueuedLines else {
            queuedLines.subtract(1, ordering: .relaxed)
            return emit(message)
        }
        writer.async { [self] in
            writeLine(message)
            queuedLines.subtract(1, ordering: .relaxed)
        }
    }

    /// Lines ``emitLater(_:)`` may leave waiting for the writer thread.
    static let maximumQueuedLines = 64

    private func writeLine<Message: ProtocolMessage>(_ message: Message) {
        state.withLock { state in
            guard let line = Self.line(for: message, encoder: state.encoder) else { return }
            countIfError(message)
            if Message.className == DeviceMessage.className || Message.className == RatesMessage.className {
                state.bannerLines[Message.className] = line
            }
            if let device = message as? DeviceMessage {
                state.lastDevice = device
            }
            if !state.closed, !Self.writeAll(line, to: descriptor) {
                state.closed = true
            }
            fanOut?.broadcast(line)
        }
    }

    /// Writes one message to stdout only (replies to control messages read from stdin).
    func emitToStdout<Message: ProtocolMessage>(_ message: Message) {
        writer.sync { writeToStdout(message) }
    }

    private func writeToStdout<Message: ProtocolMessage>(_ message: Message) {
        state.withLock { state in
            guard !state.closed, let line = Self.line(for: message, encoder: state.encoder) else { return }
            countIfError(message)
            if !Self.writeAll(line, to: descriptor) {
                state.closed = true
            }
        }
    }

    /// One message as a protocol line, for a single reader (a client's reply).
    public func encodedLine<Message: ProtocolMessage>(_ message: Message) -> Data? {
        let line = state.withLock { Self.line(for: message, encoder: $0.encoder) }
        if line != nil { countIfError(message) }
        return line
    }

    private func countIfError<Message: ProtocolMessage>(_ message: Message) {
        if Message.className == ErrorMessage.className { onErrorLine() }
    }

    /// Runs `body` with the banner a new reader gets (`VERSION`, the last `DEVICE` and `RATES`
    /// lines) while no line can be emitted, so a reader registered in `body` misses nothing and
    /// sees nothing twice.
    public func attach<Result>(_ body: (_ banner: [Data]) -> Result) -> Result {
        state.withLock { state in
            let version = Self.line(for: VersionMessage(), encoder: state.encoder)
            let banner = [version, state.bannerLines[DeviceMessage.className], state.bannerLines[RatesMessage.className]]
            return body(banner.compactMap { $0 })
        }
    }

    /// `{"class":NAME,` followed by the sorted fields, and a newline.
    private static func line<Message: ProtocolMessage>(for message: Message, encoder: JSONEncoder) -> Data? {
        guard let body = try? encoder.encode(message), body.first == UInt8(ascii: "{") else { return nil }
        var line = Data("{\"class\":\"\(Message.className)\"".utf8)
        if body.count > 2 { line.append(UInt8(ascii: ",")) }
        line.append(body.dropFirst())
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// Writes human-readable text (for commands without `--json`) in order with the JSON lines.
    public func emitText(_ text: String) {
        writer.sync { writeText(text) }
    }

    private func writeText(_ text: String) {
        state.withLock { state in
            guard !state.closed else { return }
            if !Self.writeAll(Data(text.utf8), to: descriptor) {
                state.closed = true
            }
        }
    }

    /// Writes every byte (`FileDescriptor.writeAll`: short writes continued, `EINTR` retried);
    /// false once the descriptor fails (EPIPE, EBADF…).
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        do {
            _ = try FileDescriptor(rawValue: descriptor).writeAll(data)
            return true
        } catch {
            return false
        }
    }
}

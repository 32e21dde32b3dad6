import Foundation
import Synchronization

/// Writes protocol messages as newline-delimited JSON to a file descriptor (stdout by default).
///
/// Each message is encoded and written with one `write(2)` loop under a lock, so lines from
/// different threads never interleave. A closed reader (EPIPE) ends output quietly: lensd keeps
/// running its stages and stops writing; ``isClosed`` tells the pipeline.
final class EventStream: Sendable {
    private struct State {
        var encoder: JSONEncoder
        var closed = false
    }

    private let descriptor: Int32
    private let state: Mutex<State>

    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        self.state = Mutex(State(encoder: encoder))
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    /// Encodes one message and writes it as a line, `class` first.
    func emit<Message: ProtocolMessage>(_ message: Message) {
        state.withLock { state in
            guard !state.closed, let body = try? state.encoder.encode(message), body.first == UInt8(ascii: "{") else { return }
            var line = Data("{\"class\":\"\(Message.className)\"".utf8)
            if body.count > 2 { line.append(UInt8(ascii: ",")) }
            line.append(body.dropFirst())
            line.append(UInt8(ascii: "\n"))
            if !Self.writeAll(line, to: descriptor) {
                state.closed = true
            }
        }
    }

    /// Writes human-readable text (for commands without `--json`) under the same lock as the JSON lines.
    func emitText(_ text: String) {
        state.withLock { state in
            guard !state.closed else { return }
            if !Self.writeAll(Data(text.utf8), to: descriptor) {
                state.closed = true
            }
        }
    }

    /// Writes every byte, retrying EINTR and short writes; false once the descriptor fails (EPIPE, EBADF…).
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

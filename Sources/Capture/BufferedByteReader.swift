/// Streams bytes from a ``ReadableFileDescriptor`` through one large buffer, so that a Y4M pipe is
/// consumed frame by frame and never slurped whole.
///
/// The buffer is allocated once and freed in `deinit`. Large reads (frame data) bypass it and go
/// straight into the caller's memory; skips in a regular file move its offset instead of reading
/// (a Y4M frame's chroma planes, a third of its bytes, are never read).
final class BufferedByteReader {
    /// What ``readLine(limit:)`` found.
    enum Line {
        /// A complete line, without its `\n`.
        case complete([UInt8])
        /// The stream ended before a `\n`; `partial` holds the bytes read (possibly none).
        case endOfStream(partial: [UInt8])
        /// More than `limit` bytes without a `\n`; `prefix` holds the bytes read so far.
        case tooLong(prefix: [UInt8])
    }

    /// The descriptor read from.
    let file: ReadableFileDescriptor
    private let storage: UnsafeMutableRawBufferPointer
    /// Whether ``skip(_:)`` may move the file's offset (a regular file) instead of reading.
    private let skipsBySeeking: Bool
    private var start = 0
    private var end = 0
    /// Bytes handed out (consumed) since the start of the file or the last rewind.
    private(set) var consumedByteCount: Int64 = 0

    /// Wraps `file` with a buffer of `bufferSize` bytes (1 MiB by default).
    init(file: ReadableFileDescriptor, bufferSize: Int = 1 << 20) {
        self.file = file
        self.storage = .allocate(byteCount: max(bufferSize, 4096), alignment: 16)
        self.skipsBySeeking = file.isRegularFile
    }

    deinit {
        storage.deallocate()
    }

    /// Refills an empty buffer; returns `false` at end of stream.
    private func refill() throws(ReplayError) -> Bool {
        start = 0
        end = try file.readSome(into: storage)
        return end > 0
    }

    /// Reads up to and including the next `\n`, accepting at most `limit` bytes before it.
    func readLine(limit: Int) throws(ReplayError) -> Line {
        var line: [UInt8] = []
        while true {
            if start == end, try !refill() {
                return .endOfStream(partial: line)
            }
            let available = UnsafeRawBufferPointer(rebasing: storage[start..<end])
            if let newline = available.firstIndex(of: UInt8(ascii: "\n")) {
                line.append(contentsOf: available[..<newline])
                consume(newline + 1)
                return line.count > limit ? .tooLong(prefix: line) : .complete(line)
            }
            line.append(contentsOf: available)
            consume(available.count)
            if line.count > limit {
                return .tooLong(prefix: line)
            }
        }
    }

    /// Fills `destination` from the stream; returns how many bytes were written, fewer than
    /// `destination.count` only at end of stream.
    func read(into destination: UnsafeMutableRawBufferPointer) throws(ReplayError) -> Int {
        var filled = 0
        while filled < destination.count {
            let wanted = destination.count - filled
            if start < end {
                let count = min(wanted, end - start)
                UnsafeMutableRawBufferPointer(rebasing: destination[filled..<(filled + count)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[start..<(start + count)]))
                consume(count)
                filled += count
            } else if wanted >= storage.count {
                let count = try file.readSome(
                    into: UnsafeMutableRawBufferPointer(rebasing: destination[filled...]))
                if count == 0 { break }
                consumedByteCount += Int64(count)
                filled += count
            } else if try !refill() {
                break
            }
        }
        return filled
    }

    /// Reads and discards `count` bytes; returns how many were skipped, fewer only at end of
    /// stream.
    func skip(_ count: Int) throws(ReplayError) -> Int {
        var skipped = min(count, end - start)
        consume(skipped)
        if skipsBySeeking, skipped < count {
            let passed = try file.skip(count - skipped)
            consumedByteCount += Int64(passed)
            return skipped + passed
        }
        while skipped < count {
            if start == end, try !refill() {
                break
            }
            let step = min(count - skipped, end - start)
            consume(step)
            skipped += step
        }
        return skipped
    }

    /// Repositions the file at `offset` and drops the buffered bytes.
    func rewind(toOffset offset: Int64) throws(ReplayError) {
        try file.seek(toOffset: offset)
        start = 0
        end = 0
        consumedByteCount = offset
    }

    private func consume(_ count: Int) {
        start += count
        consumedByteCount += Int64(count)
    }
}

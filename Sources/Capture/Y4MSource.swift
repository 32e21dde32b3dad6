/// Replays a YUV4MPEG2 stream from a file or from standard input, one ``Frame`` (the Y plane) per
/// `FRAME`, streaming through a ``BufferedByteReader``.
///
/// The stream header is read and checked when the source is created. A truncated or malformed
/// frame is thrown from ``next()`` after every earlier frame has been delivered; the source then
/// stays at its end until ``rewind()``.
final class Y4MSource: FrameSource {
    /// The longest `FRAME` header accepted, newline excluded.
    static let maximumFrameHeaderLength = 1024

    private static let frameMarker = Array("FRAME".utf8)
    /// The read buffer for a regular file (a pipe gets 1 MiB): reads of a frame's plane larger than
    /// it bypass it.
    static let fileBufferSize = 16 << 10

    let name: String
    var nominalFrameRate: Double? { header.frameRate }

    private let reader: BufferedByteReader
    private let header: Y4MStreamHeader
    private let firstFrameOffset: Int64
    private var frameIndex = 0
    private var nextSequence: UInt64 = 0
    private var finished = false

    /// Opens the Y4M file at `path` and reads its stream header.
    convenience init(path: String) throws(ReplayError) {
        try self.init(file: ReadableFileDescriptor(openingForReading: path))
    }

    /// Reads the stream header from `file` (a regular file, a pipe, or standard input).
    init(file: ReadableFileDescriptor) throws(ReplayError) {
        // A regular file's frames are read straight into each frame's memory and its chroma
        // skipped by seeking: a small buffer then holds little more than the `FRAME` headers.
        let reader = BufferedByteReader(file: file, bufferSize: file.isRegularFile ? Self.fileBufferSize : 1 << 20)
        let path = file.path
        switch try reader.readLine(limit: Y4MStreamHeader.maximumLength) {
        case let .complete(line):
            header = try Y4MStreamHeader(line: line, path: path)
        case let .endOfStream(partial):
            if partial.isEmpty {
                throw .emptyStream(path: path)
            }
            guard Self.mayStartWithMagic(partial) else {
                throw .badMagic(path: path, found: Y4MStreamHeader.printablePrefix(partial))
            }
            throw .truncatedHeader(path: path)
        case let .tooLong(prefix):
            guard Self.mayStartWithMagic(prefix) else {
                throw .badMagic(path: path, found: Y4MStreamHeader.printablePrefix(prefix))
            }
            throw .headerTooLong(path: path, limit: Y4MStreamHeader.maximumLength)
        }
        self.reader = reader
        self.name = path
        self.firstFrameOffset = reader.consumedByteCount
    }

    func next() throws(ReplayError) -> SourceEvent? {
        guard !finished else { return nil }
        do {
            return try readFrame()
        } catch {
            finished = true
            throw error
        }
    }

    func rewind() throws(ReplayError) {
        guard !reader.file.isStandardInput else {
            throw .cannotLoopStandardInput
        }
        try reader.rewind(toOffset: firstFrameOffset)
        frameIndex = 0
        finished = false
    }

    private func readFrame() throws(ReplayError) -> SourceEvent? {
        let index = frameIndex
        switch try reader.readLine(limit: Self.maximumFrameHeaderLength) {
        case let .endOfStream(partial):
            guard !partial.isEmpty else {
                finished = true
                return nil
            }
            guard Self.frameMarker.starts(with: partial.prefix(Self.frameMarker.count)) else {
                throw .badFrameMarker(
                    path: name, frame: index, found: Y4MStreamHeader.printablePrefix(partial))
            }
            throw .truncatedFrameHeader(path: name, frame: index)
        case let .tooLong(prefix):
            guard Self.hasFrameMarker(prefix) else {
                throw .badFrameMarker(
                    path: name, frame: index, found: Y4MStreamHeader.printablePrefix(prefix))
            }
            throw .frameHeaderTooLong(path: name, frame: index, limit: Self.maximumFrameHeaderLength)
        case let .complete(line):
            guard Self.hasFrameMarker(line) else {
                throw .badFrameMarker(
                    path: name, frame: index, found: Y4MStreamHeader.printablePrefix(line))
            }
        }

        let reader = self.reader
        var lumaRead = Result<Int, ReplayError>.success(0)
        // Filled by the read, not zeroed first: a short read is a truncated frame, thrown below.
        let luma = [UInt8](unsafeUninitializedCapacity: header.lumaByteCount) { buffer, initialized in
            lumaRead = Result { () throws(ReplayError) -> Int in try reader.read(into: UnsafeMutableRawBufferPointer(buffer)) }
            initialized = (try? lumaRead.get()) ?? 0
        }
        let lumaCount = try lumaRead.get()
        guard lumaCount == header.lumaByteCount else {
            throw .truncatedFrame(
                path: name, frame: index, expected: header.frameByteCount, got: lumaCount)
        }
        let trailingCount = header.frameByteCount - lumaCount
        let skipped = try reader.skip(trailingCount)
        guard skipped == trailingCount else {
            throw .truncatedFrame(
                path: name, frame: index, expected: header.frameByteCount, got: lumaCount + skipped)
        }

        let frame: Frame
        do {
            frame = try Frame(
                luma: luma, width: header.width, height: header.height, stride: header.width,
                sequence: nextSequence, timestamp: .now())
        } catch {
            throw .invalidFrame(path: name, error)
        }
        frameIndex += 1
        nextSequence += 1
        return .frame(frame)
    }

    /// Whether `line` is `FRAME` or `FRAME` followed by space-separated parameters.
    private static func hasFrameMarker(_ line: [UInt8]) -> Bool {
        guard line.starts(with: frameMarker) else { return false }
        return line.count == frameMarker.count || line[frameMarker.count] == UInt8(ascii: " ")
    }

    /// Whether the incomplete header `bytes` could still be the start of a `YUV4MPEG2` header.
    private static func mayStartWithMagic(_ bytes: [UInt8]) -> Bool {
        let magic = Y4MStreamHeader.magic
        if bytes.count <= magic.count {
            return magic.starts(with: bytes)
        }
        return Y4MStreamHeader.hasMagic(bytes)
    }
}

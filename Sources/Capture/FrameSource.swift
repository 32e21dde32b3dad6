/// A replayable stream of frames: a Y4M file or pipe, image files, or a directory of images.
///
/// Not thread-safe: drive one source from one thread (the capture thread), and hand frames on
/// through a ``BoundedQueue``.
public protocol FrameSource: AnyObject {
    /// The path the source reads, or `"-"` for standard input.
    var name: String { get }
    /// The frame rate declared by the stream (the Y4M `F` header), or `nil` when there is none,
    /// as for images.
    var nominalFrameRate: Double? { get }
    /// The next event; `nil` at the clean end of the stream. A thrown error is fatal: the stream
    /// cannot go on, and later calls return `nil` until ``rewind()``.
    func next() throws(ReplayError) -> SourceEvent?
    /// Starts the stream again from its first frame (for `--loop`). Frame sequence numbers keep
    /// counting up across a rewind. Standard input cannot be rewound and throws
    /// ``ReplayError/cannotLoopStandardInput``.
    func rewind() throws(ReplayError)
}

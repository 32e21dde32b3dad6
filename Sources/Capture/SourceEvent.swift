/// What a ``FrameSource`` produced on one call to ``FrameSource/next()``.
public enum SourceEvent: Sendable {
    /// A decoded frame.
    case frame(Frame)
    /// A file found in a replayed directory could not be read; it was passed over and the
    /// stream goes on. Fatal problems are thrown instead.
    case skipped(ReplayError)
}

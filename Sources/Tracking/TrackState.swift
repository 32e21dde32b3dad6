/// Where a tracked price is in its life.
///
/// A track starts `tentative`, becomes `confirmed` once it has been read in enough frames,
/// is `coasting` while a confirmed track is not read (its box is predicted), and is `ended`
/// once it has not been read for long enough. An ended track never comes back: a price that
/// reappears later gets a new track and a new id.
public enum TrackState: String, Sendable, Hashable, Codable {
    /// Seen too few times to be shown (unless the tracker is configured to include tentative tracks).
    case tentative
    /// Seen in enough frames and read in the most recent OCR frame.
    case confirmed
    /// Confirmed, but missed by the most recent OCR frame(s); the box is predicted.
    case coasting
    /// Not read for longer than the configured timeout; reported once, then forgotten.
    case ended
}

/// Items dropped per stage, in `STATS`.
struct DropsMessage: Codable, Equatable {
    /// Frames dropped from the full frame queue because OCR fell behind.
    var queue: Int
    /// Clients disconnected because they fell behind.
    var clients: Int
    /// Control messages refused.
    var control: Int
}

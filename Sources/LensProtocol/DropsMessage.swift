/// Items dropped per stage, in `STATS`.
public struct DropsMessage: Codable, Equatable, Sendable {
    /// Frames dropped from the full frame queue because OCR fell behind.
    public var queue: Int
    /// Clients disconnected because they fell behind.
    public var clients: Int
    /// Control messages refused.
    public var control: Int

    public init(queue: Int, clients: Int, control: Int) {
        self.queue = queue
        self.clients = clients
        self.control = control
    }
}

/// What a socket client receives (`watch` in the `ACK` to `watch` and to a client's `status`).
public struct WatchMessage: Codable, Sendable, Equatable {
    /// The classes sent, sorted; every class of the stream when the client chose none.
    public var classes: [String]
    /// The most `OVERLAYS` lines a second; absent for every frame's.
    public var fps: Double?

    public init(classes: [String], fps: Double? = nil) {
        self.classes = classes
        self.fps = fps
    }
}

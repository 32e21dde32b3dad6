/// What a socket client receives (`watch` in the `ACK` to `watch` and to a client's `status`).
struct WatchMessage: Encodable, Sendable, Equatable {
    /// The classes sent, sorted; every class of the stream when the client chose none.
    var classes: [String]
    /// The most `OVERLAYS` lines a second; absent for every frame's.
    var fps: Double?

    init(_ subscription: StreamSubscription) {
        classes = (subscription.classes ?? StreamSubscription.watchableClasses).sorted()
        fps = subscription.overlaysPerSecond
    }
}

import LensProtocol

extension WatchMessage {
    /// What `subscription` sends.
    public init(_ subscription: StreamSubscription) {
        self.init(classes: (subscription.classes ?? StreamSubscription.watchableClasses).sorted(), fps: subscription.overlaysPerSecond)
    }
}

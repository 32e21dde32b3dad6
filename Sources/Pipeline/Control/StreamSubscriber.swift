/// A connection whose share of the stream can be chosen (a socket client): what `watch` changes
/// and `status` reports.
public protocol StreamSubscriber: Sendable {
    /// What the connection receives now.
    var subscription: StreamSubscription { get }
    /// Replaces what the connection receives, from its next line on.
    func watch(_ subscription: StreamSubscription)
}

/// `ACK`: a control message was applied; carries the state it applied.
///
/// Only the fields of the command's own state are present: `zoom` for `zoom`, `torch` for
/// `torch`, `locked` for `lock` (absent after `unlock`), `currency` for `currency` and `preset`,
/// `rates` for `rates`, `state` for `status` (and `watch` when a socket client asks), `watch` for
/// `watch`.
public struct AckMessage: ProtocolMessage {
    public static let className = "ACK"
    /// The command applied.
    public var cmd: String
    /// The request's `id`, echoed.
    public var id: RequestID?
    /// The request's `req`, echoed: a client's own tag for matching replies to requests.
    public var req: RequestID?
    public var zoom: ZoomMessage?
    public var torch: TorchMessage?
    public var locked: String?
    public var currency: CurrencyStateMessage?
    public var rates: RatesMessage?
    /// Whether a rate refresh was started (`rates` with `refresh: true`).
    public var refreshing: Bool?
    public var state: DaemonStateMessage?
    /// `watch`, and `status` from a socket client: what this connection receives.
    public var watch: WatchMessage?

    public init(cmd: String, id: RequestID?, req: RequestID? = nil) {
        self.cmd = cmd
        self.id = id
        self.req = req
    }
}

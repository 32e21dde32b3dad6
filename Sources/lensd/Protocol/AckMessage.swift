/// `ACK`: a control message was applied; carries the state it applied.
///
/// Only the fields of the command's own state are present: `zoom` for `zoom`, `torch` for
/// `torch`, `locked` for `lock` (absent after `unlock`), `currency` for `currency` and `preset`,
/// `rates` for `rates`, `state` for `status` (and `watch` when a socket client asks), `watch` for
/// `watch`.
struct AckMessage: ProtocolMessage {
    static let className = "ACK"
    /// The command applied.
    var cmd: String
    /// The request's `id`, echoed.
    var id: RequestID?
    /// The request's `req`, echoed: a client's own tag for matching replies to requests.
    var req: RequestID?
    var zoom: ZoomMessage?
    var torch: TorchMessage?
    var locked: String?
    var currency: CurrencyStateMessage?
    var rates: RatesMessage?
    /// Whether a rate refresh was started (`rates` with `refresh: true`).
    var refreshing: Bool?
    var state: DaemonStateMessage?
    /// `watch`, and `status` from a socket client: what this connection receives.
    var watch: WatchMessage?

    init(cmd: String, id: RequestID?, req: RequestID? = nil) {
        self.cmd = cmd
        self.id = id
        self.req = req
    }
}

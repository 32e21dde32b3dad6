/// The daemon's whole current state: the `state` of the `ACK` to `{"cmd":"status"}`.
struct DaemonStateMessage: Encodable, Sendable {
    /// The last `DEVICE` line's fields, without `class`.
    var device: DeviceMessage?
    var zoom: ZoomMessage
    var torch: TorchMessage
    var currency: CurrencyStateMessage
    var rates: RatesMessage
    /// The locked track's id, when one is locked.
    var locked: String?
    /// Whether frames are being read and processed.
    var processing: Bool
    var counters: CountersMessage
}

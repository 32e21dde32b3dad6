/// The daemon's whole current state: the `state` of the `ACK` to `{"cmd":"status"}`.
public struct DaemonStateMessage: Codable, Sendable {
    /// The last `DEVICE` line's fields, without `class`.
    public var device: DeviceMessage?
    public var zoom: ZoomMessage
    public var torch: TorchMessage
    public var currency: CurrencyStateMessage
    public var rates: RatesMessage
    /// The locked track's id, when one is locked.
    public var locked: String?
    /// Whether frames are being read and processed.
    public var processing: Bool
    public var counters: CountersMessage

    public init(device: DeviceMessage? = nil, zoom: ZoomMessage, torch: TorchMessage, currency: CurrencyStateMessage, rates: RatesMessage, locked: String? = nil, processing: Bool, counters: CountersMessage) {
        self.device = device
        self.zoom = zoom
        self.torch = torch
        self.currency = currency
        self.rates = rates
        self.locked = locked
        self.processing = processing
        self.counters = counters
    }
}

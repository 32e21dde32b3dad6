/// A checked control request waiting for the ordered stage, with where its reply goes.
public struct PendingControl: Sendable {
    public var request: ControlRequest
    /// Set for `preset`: the preset's currencies, resolved from the config when the request came in.
    var presetChange: CurrencyChange?
    public var reply: any ControlReplySink
}

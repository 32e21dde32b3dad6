/// `OVERLAYS`: the prices to draw on one processed frame.
struct OverlaysMessage: ProtocolMessage {
    static let className = "OVERLAYS"
    /// The frame's sequence number as the source read it (gaps are dropped frames).
    var frame: UInt64
    /// Seconds since the first frame of the stream.
    var time: Double
    var width: Int
    var height: Int
    var prices: [PriceMessage]
}

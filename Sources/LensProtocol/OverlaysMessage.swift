/// `OVERLAYS`: the prices to draw on one processed frame.
public struct OverlaysMessage: ProtocolMessage {
    public static let className = "OVERLAYS"
    /// The frame's sequence number as the source read it (gaps are dropped frames).
    public var frame: UInt64
    /// Seconds since the first frame of the stream.
    public var time: Double
    public var width: Int
    public var height: Int
    public var prices: [PriceMessage]

    public init(frame: UInt64, time: Double, width: Int, height: Int, prices: [PriceMessage]) {
        self.frame = frame
        self.time = time
        self.width = width
        self.height = height
        self.prices = prices
    }
}

/// `SCAN`: the prices found in one still image by `lensd scan --json`.
public struct ScanMessage: ProtocolMessage {
    public static let className = "SCAN"
    public var image: String
    public var width: Int
    public var height: Int
    public var prices: [PriceMessage]
    /// Milliseconds of OCR for this image.
    public var ocrMs: Double

    public init(image: String, width: Int, height: Int, prices: [PriceMessage], ocrMs: Double) {
        self.image = image
        self.width = width
        self.height = height
        self.prices = prices
        self.ocrMs = ocrMs
    }
}

/// `SCAN`: the prices found in one still image by `lensd scan --json`.
struct ScanMessage: ProtocolMessage {
    static let className = "SCAN"
    var image: String
    var width: Int
    var height: Int
    var prices: [PriceMessage]
    /// Milliseconds of OCR for this image.
    var ocrMs: Double
}

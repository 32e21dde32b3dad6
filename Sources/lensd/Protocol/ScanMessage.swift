/// `SCAN`: the prices found in one still image by `lensd scan --json`.
struct ScanMessage: Encodable {
    let `class` = "SCAN"
    var image: String
    var width: Int
    var height: Int
    var prices: [PriceMessage]
    /// Milliseconds of OCR for this image.
    var ocrMs: Double
}

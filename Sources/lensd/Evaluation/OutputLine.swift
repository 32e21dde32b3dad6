import Foundation

/// The parts of an `OVERLAYS` or `SCAN` line the scorer reads back from lensd's output.
struct OutputLine: Decodable {
    struct Price: Decodable {
        struct Box: Decodable {
            var x: Double
            var y: Double
            var width: Double
            var height: Double
        }
        var id: String
        var amount: String
        var currency: String
        var box: Box
        /// `tentative`, `confirmed`, `coasting` (absent in `SCAN` lines from older output: treated as shown).
        var state: String?
    }

    var `class`: String
    var frame: Int?
    /// Seconds since the first frame (`OVERLAYS`).
    var time: Double?
    var image: String?
    var width: Int?
    var height: Int?
    var prices: [Price]?
}

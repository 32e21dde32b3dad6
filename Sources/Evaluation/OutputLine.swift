import Foundation

/// The parts of an `OVERLAYS` or `SCAN` line the scorer reads back from lensd's output.
public struct OutputLine: Decodable, Sendable {
    public struct Price: Decodable, Sendable {
        public struct Box: Decodable, Sendable {
            public var x: Double
            public var y: Double
            public var width: Double
            public var height: Double
        }
        public var id: String
        public var amount: String
        public var currency: String
        public var box: Box
        /// `tentative`, `confirmed`, `coasting` (absent in `SCAN` lines from older output: treated as shown).
        public var state: String?
    }

    public var `class`: String
    public var frame: Int?
    /// Seconds since the first frame (`OVERLAYS`).
    public var time: Double?
    public var image: String?
    public var width: Int?
    public var height: Int?
    public var prices: [Price]?
}

import Foundation

/// A sample's ground truth as `samples/generate.py` writes it (`truth.json`).
struct GroundTruth: Decodable {
    struct Box: Decodable {
        var x: Double, y: Double, width: Double, height: Double
    }
    struct Price: Decodable {
        var id: String
        var text: String
        var amount: String
        var currency: String
        var box: Box
    }
    struct Frame: Decodable {
        var index: Int
        var prices: [Price]
    }
    var name: String
    var width: Int
    var height: Int
    var frames: [Frame]

    static func load(_ path: String) throws -> GroundTruth {
        try JSONDecoder().decode(GroundTruth.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

import Foundation

/// Ground truth written by `samples/generate.py`: per-frame prices of a sequence, or per-image prices of stills.
struct TruthFile: Decodable {
    struct Box: Decodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        func contains(x px: Double, y py: Double, growth: Double = 0) -> Bool {
            let dx = width * growth / 2, dy = height * growth / 2
            return px >= x - dx && px <= x + width + dx && py >= y - dy && py <= y + height + dy
        }
    }

    struct Price: Decodable {
        var id: String?
        var text: String
        var amount: String
        var currency: String
        var box: Box
    }

    struct Frame: Decodable {
        var index: Int
        var prices: [Price]
        /// Prices the frame's edge cuts (partly in view): neither required nor false when read.
        var cut: [Price]?
    }

    struct Image: Decodable {
        var file: String
        var width: Int
        var height: Int
        var prices: [Price]
        /// Prices the image's edge cuts (partly in view): neither required nor false when read.
        var cut: [Price]?
    }

    /// The sequence's name (`--name` of the generator), when written.
    var name: String?
    var width: Int?
    var height: Int?
    /// Frame rate of a sequence (frames per second).
    var fps: Double?
    var frames: [Frame]?
    var images: [Image]?
    /// `labelled`: only some of what is printed is labelled (a real photo's shelf tags, whose
    /// small print is not), so a read counts against precision only where it lies in a true or
    /// cut box; absent: every read counts.
    var scoring: String?
    /// How much a true box grows (in width and in height) for a read's centre to lie in it: real
    /// photos' boxes are drawn tight around the digits. Absent: 0.
    var boxGrowth: Double?

    enum CodingKeys: String, CodingKey {
        case name, width, height, fps, frames, images, scoring
        case boxGrowth = "box_growth"
    }

    enum LoadError: Error, CustomStringConvertible {
        case unreadable(String, String)
        case empty(String)

        var description: String {
            switch self {
            case let .unreadable(path, reason): "\(path): not a truth file: \(reason)"
            case let .empty(path): "\(path): has neither frames nor images"
            }
        }
    }

    static func load(path: String) throws -> TruthFile {
        let truth: TruthFile
        do {
            truth = try JSONDecoder().decode(TruthFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw LoadError.unreadable(path, "\(error)")
        }
        guard truth.frames != nil || truth.images != nil else { throw LoadError.empty(path) }
        return truth
    }
}

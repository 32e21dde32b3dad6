import Foundation

/// Ground truth written by `samples/generate.py`: per-frame prices of a sequence, or per-image prices of stills.
public struct TruthFile: Decodable, Sendable {
    public struct Box: Decodable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public func contains(x px: Double, y py: Double, growth: Double = 0) -> Bool {
            let dx = width * growth / 2, dy = height * growth / 2
            return px >= x - dx && px <= x + width + dx && py >= y - dy && py <= y + height + dy
        }
    }

    public struct Price: Decodable, Sendable {
        public var id: String?
        public var text: String
        public var amount: String
        public var currency: String
        public var box: Box
    }

    public struct Frame: Decodable, Sendable {
        public var index: Int
        public var prices: [Price]
        /// Prices the frame's edge cuts (partly in view): neither required nor false when read.
        public var cut: [Price]?
    }

    public struct Image: Decodable, Sendable {
        public var file: String
        public var width: Int
        public var height: Int
        public var prices: [Price]
        /// Prices the image's edge cuts (partly in view): neither required nor false when read.
        public var cut: [Price]?
    }

    /// The sequence's name (`--name` of the generator), when written.
    public var name: String?
    public var width: Int?
    public var height: Int?
    /// Frame rate of a sequence (frames per second).
    public var fps: Double?
    public var frames: [Frame]?
    public var images: [Image]?
    /// `labelled`: only some of what is printed is labelled (a real photo's shelf tags, whose
    /// small print is not), so a read counts against precision only where it lies in a true or
    /// cut box; absent: every read counts.
    public var scoring: String?
    /// How much a true box grows (in width and in height) for a read's centre to lie in it: real
    /// photos' boxes are drawn tight around the digits. Absent: 0.
    public var boxGrowth: Double?

    public enum CodingKeys: String, CodingKey {
        case name, width, height, fps, frames, images, scoring
        case boxGrowth = "box_growth"
    }

    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(String, String)
        case empty(String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "\(path): not a truth file: \(reason)"
            case let .empty(path): "\(path): has neither frames nor images"
            }
        }
    }

    public static func load(path: String) throws -> TruthFile {
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

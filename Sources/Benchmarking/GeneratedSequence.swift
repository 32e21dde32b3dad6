/// A bench sequence that `lensd bench --generate NAME` makes with `samples/generate.py`:
/// 300 frames at 30 fps as YUV4MPEG2 with ground truth, a fixed seed per motion.
public struct GeneratedSequence: Equatable, Sendable {
    public var name: String
    /// The generator's `--motion`.
    var motion: String
    var width: Int
    var height: Int
    var seed: Int
    /// The generator's `--exposure`: the shutter's open fraction of a frame interval (motion blur).
    var exposure: Double
    var frames = 300
    var fps = 30

    /// Every name `--generate` knows: four motions at 640x480 and 1280x720.
    static let catalogue: [GeneratedSequence] = {
        let motions: [(name: String, motion: String, seed: Int, exposure: Double)] = [
            ("static", "static", 21, 0.5),
            ("slow-pan", "slow-pan", 22, 0.5),
            // A longer shutter than the others: fast pan with strong motion blur.
            ("fast-pan", "fast-pan", 23, 0.75),
            ("handheld", "handheld", 24, 0.5),
        ]
        let sizes = [(640, 480), (1280, 720)]
        return sizes.flatMap { width, height in
            motions.map { entry in
                GeneratedSequence(
                    name: "\(entry.name)-\(width)", motion: entry.motion, width: width, height: height,
                    seed: entry.seed, exposure: entry.exposure)
            }
        }
    }()

    /// The catalogue entry called `name`, or nil.
    public static func named(_ name: String) -> GeneratedSequence? {
        catalogue.first { $0.name == name }
    }

    /// The generator's arguments, writing `NAME.y4m` and `NAME.truth.json` into `directory`.
    func generatorArguments(script: String, directory: String) -> [String] {
        [
            script, "--name", name, "--size", "\(width)x\(height)", "--frames", "\(frames)", "--fps", "\(fps)",
            "--motion", motion, "--seed", "\(seed)", "--exposure", "\(exposure)", "--format", "y4m", "--out", directory,
        ]
    }
}

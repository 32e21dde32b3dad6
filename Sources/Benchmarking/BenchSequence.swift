import Foundation

/// What a bench run replays: a `.y4m` file, a directory of frames or an image, and its ground
/// truth when there is one (`NAME.truth.json` next to a `.y4m`, `truth.json` in a directory).
public struct BenchSequence: Equatable, Sendable {
    /// The path handed to `lensd replay`.
    public var path: String
    /// The ground truth, when the sequence has one.
    public var truthPath: String?

    /// A short name for tables and run directories: the file or directory name without `.y4m`.
    public var name: String {
        let last = (path as NSString).lastPathComponent
        return last.hasSuffix(".y4m") ? String(last.dropLast(4)) : last
    }

    /// The sequence at `path`, with the truth found next to it.
    public static func at(path: String) throws(BenchError) -> BenchSequence {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .sequenceMissing(path)
        }
        let truth: String
        if isDirectory.boolValue {
            truth = (path as NSString).appendingPathComponent("truth.json")
        } else if path.hasSuffix(".y4m") {
            truth = String(path.dropLast(4)) + ".truth.json"
        } else {
            return BenchSequence(path: path, truthPath: nil)
        }
        return BenchSequence(path: path, truthPath: FileManager.default.fileExists(atPath: truth) ? truth : nil)
    }
}

import Foundation

/// Why `lensd bench` could not measure a run; each case reads as a one-line message.
public enum BenchError: Error, CustomStringConvertible {
    case sequenceMissing(String)
    case unknownSequenceName(String)
    case generatorMissing
    case generatorDependencies(String)
    case generatorFailed(String, status: Int32, stderr: String)
    case spawnFailed(String, errno: Int32)
    case childFailed(String, stderr: String)
    case noFinalStats(String)
    case io(String)

    public var description: String {
        switch self {
        case .sequenceMissing(let path):
            "\(path): no such sequence (a .y4m file, a directory of frames, or an image)"
        case .unknownSequenceName(let name):
            "unknown sequence name \(name); known: \(GeneratedSequence.catalogue.map(\.name).joined(separator: ", "))"
        case .generatorMissing:
            "samples/generate.py not found: run lensd bench from the lensd repository (or a build inside it)"
        case .generatorDependencies(let detail):
            "the sample generator needs python3 with numpy and Pillow (apt-get install python3-numpy python3-pil): \(detail)"
        case let .generatorFailed(name, status, stderr):
            "generating \(name) failed (exit status \(status)): \(stderr)"
        case let .spawnFailed(path, errno):
            "cannot start \(path): \(String(cString: strerror(errno)))"
        case let .childFailed(reason, stderr):
            stderr.isEmpty ? "lensd replay \(reason)" : "lensd replay \(reason); its stderr ends:\n\(stderr)"
        case .noFinalStats(let path):
            "\(path): the replay wrote no final STATS line"
        case .io(let detail):
            detail
        }
    }
}

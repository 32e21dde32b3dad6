/// Why the inference runtime could not be loaded.
public enum InferenceRuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No runtime library at the path (with the command that installs it).
    case runtimeMissing(path: String, installHint: String)
    /// The library is there but could not be loaded or started (the loader's or OpenVINO's reason).
    case runtimeUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .runtimeMissing(path, hint):
            "no inference runtime (OpenVINO) at \(path): install it with \(hint), or name its folder with --inference-runtime DIR"
        case let .runtimeUnusable(path, reason):
            "the inference runtime \(path) cannot be used (\(reason)): reinstall it with \(InferenceRuntime.installCommand)"
        }
    }
}

import CTextModels
import Foundation
import Synchronization

/// OpenVINO, the inference runtime lensd runs its trained text models with: its C library loaded
/// at run time and one OpenVINO core (`lensd_inference_runtime_open`, which wraps `dlopen` and
/// `ov_core_create`).
///
/// One runtime serves every thread (OpenVINO's core compiles models concurrently); each detector
/// and recogniser compiles its own networks with it. Loaded once per process and folder
/// (``load(directory:)``), never unloaded.
public final class InferenceRuntime: @unchecked Sendable {
    /// Unchecked: the handle is only read after it is made, and OpenVINO's core is thread-safe.
    /// For the detector's and recogniser's shims.
    package let handle: OpaquePointer
    /// The folder the library was loaded from.
    public let directory: String

    /// The library's file name in its folder (OpenVINO 2026.4's C API).
    public static let libraryName = "libopenvino_c.so.2641"

    /// The command that installs the runtime, for error messages.
    public static let installCommand = "packaging/install-models.sh (in lensd's source tree)"

    private static let loaded = Mutex<[String: InferenceRuntime]>([:])

    private init(handle: OpaquePointer, directory: String) {
        self.handle = handle
        self.directory = directory
    }

    /// The runtime in `directory`, loaded on first use; later calls with the same folder share it.
    public static func load(directory: String) throws(InferenceRuntimeError) -> InferenceRuntime {
        try loaded.withLock { (loaded) throws(InferenceRuntimeError) -> InferenceRuntime in
            if let runtime = loaded[directory] { return runtime }
            let path = directory + "/" + libraryName
            guard FileManager.default.fileExists(atPath: path) else {
                throw .runtimeMissing(path: path, installHint: installCommand)
            }
            var message = [CChar](repeating: 0, count: 1024)
            guard let handle = lensd_inference_runtime_open(path, &message, message.count) else {
                throw .runtimeUnusable(path: path, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            let runtime = InferenceRuntime(handle: handle, directory: directory)
            loaded[directory] = runtime
            return runtime
        }
    }

    /// The folders searched for the runtime, in order: the installer's for this user, then for all users.
    public static func searchDirectories(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var directories: [String] = []
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            directories.append(data + "/lensd/runtime")
        } else if let home = environment["HOME"], !home.isEmpty {
            directories.append(home + "/.local/share/lensd/runtime")
        }
        return directories + ["/usr/local/lib/lensd/runtime", "/usr/lib/lensd/runtime"]
    }

    /// The folder to load from: `explicit` when given, else the first searched folder holding the
    /// library, else the first searched folder (which then names the missing file).
    public static func resolveDirectory(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> String {
        if let explicit { return explicit }
        let directories = searchDirectories(environment: environment)
        return directories.first(where: { exists($0 + "/" + libraryName) }) ?? directories[0]
    }
}

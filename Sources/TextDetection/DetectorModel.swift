import Foundation
import Inference

/// Where lensd looks for the text detector's model file, and how it gets there.
///
/// `packaging/install-models.sh` downloads the PP-OCRv4 detection model (Apache-2.0, from the
/// PyPI wheel `rapidocr_onnxruntime`) and installs it as shipped, as ``fileName``, in
/// `$XDG_DATA_HOME/lensd/models` (`~/.local/share/lensd/models`), or in
/// `/usr/local/share/lensd/models` when run as root.
public enum DetectorModel {
    public static let fileName = "ch_PP-OCRv4_det_infer.onnx"

    /// The command that installs the model, for error messages.
    public static let installCommand = InferenceRuntime.installCommand

    /// The folders searched, in order.
    public static func searchDirectories(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var directories: [String] = []
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            directories.append(data + "/lensd/models")
        } else if let home = environment["HOME"], !home.isEmpty {
            directories.append(home + "/.local/share/lensd/models")
        }
        directories += ["/usr/local/share/lensd/models", "/usr/share/lensd/models"]
        return directories
    }

    /// The model to load: `explicit` when given, else the first installed one, else where the
    /// installer puts it for this user (which then names the missing file in the error).
    public static func resolve(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> String {
        if let explicit { return explicit }
        let candidates = searchDirectories(environment: environment).map { $0 + "/" + fileName }
        return candidates.first(where: exists) ?? candidates[0]
    }
}

import Foundation
import TextDetection

/// The text recogniser's files: PP-OCRv4's recognition network with only the classes prices are
/// written in, its character list, and PP-OCR's text direction classifier; where lensd looks for
/// them, and how they get there.
///
/// `packaging/install-models.sh` installs them beside the detector's model (the same
/// folders, ``TextDetection/DetectorModel/searchDirectories(environment:)``). Loading checks that
/// every file is there and that the character list has one entry per class of the network.
public struct RecognizerModel: Sendable, Hashable {
    /// The folder holding the files.
    public let directory: String
    /// Input widths a line is padded to, ascending: the narrowest that holds it, else the widest.
    public let widths: [Int]
    /// The classes' text: index 0 is CTC's blank (empty), then the list's characters, then a space.
    public let characters: [String]

    /// Input height of the network.
    public static let height = 48
    /// Input widths: a line is read at the narrowest that holds it at ``height``.
    public static let inputWidths = [160, 320, 640]
    public static let fileName = "ch_PP-OCRv4_rec.onnx"
    public static let characterFileName = "ch_PP-OCRv4_rec.characters.txt"
    /// The text direction classifier (upright or upside down), PP-OCR mobile v2.0's, and its input width.
    public static let directionFileName = "ch_ppocr_mobile_v2.0_cls_infer.onnx"
    public static let directionWidth = 192

    /// The command that installs the files, for error messages.
    public static let installCommand = DetectorModel.installCommand

    /// The recognition model's file.
    public var path: String { directory + "/" + Self.fileName }

    /// The direction classifier's file.
    public var directionPath: String { directory + "/" + Self.directionFileName }

    /// Reads the character list in `directory` and checks that every model file is there.
    public init(directory: String, widths: [Int] = RecognizerModel.inputWidths) throws(RecognizerError) {
        let listPath = directory + "/" + Self.characterFileName
        for path in [listPath, directory + "/" + Self.fileName, directory + "/" + Self.directionFileName]
        where !FileManager.default.fileExists(atPath: path) {
            throw .modelMissing(path: path, installHint: Self.installCommand)
        }
        guard let data = FileManager.default.contents(atPath: listPath), let text = String(data: data, encoding: .utf8) else {
            throw .modelUnusable(path: listPath, reason: "not a UTF-8 character list")
        }
        var list = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if list.last == "" { list.removeLast() }
        guard !list.isEmpty, list.allSatisfy({ $0.count == 1 }) else {
            throw .modelUnusable(path: listPath, reason: "expected one character a line")
        }
        self.directory = directory
        self.widths = widths.sorted()
        self.characters = [""] + list + [" "]
    }

    /// The folder to load from: `explicit` when given, else the first searched folder holding
    /// the character list, else the first searched folder (which then names the missing file).
    public static func resolveDirectory(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> String {
        if let explicit { return explicit }
        let directories = DetectorModel.searchDirectories(environment: environment)
        return directories.first(where: { exists($0 + "/" + characterFileName) }) ?? directories[0]
    }
}

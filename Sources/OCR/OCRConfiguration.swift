import Foundation

/// What a Tesseract handle is initialised with: where the models are, which languages, how to segment.
public struct OCRConfiguration: Sendable, Hashable {
    /// The folder holding `<lang>.traineddata`; `nil` searches `TESSDATA_PREFIX` and the Debian locations.
    public var tessdataDirectory: String?
    /// Tesseract language list, e.g. `eng` or `eng+deu`.
    public var language: String
    public var pageSegmentation: PageSegmentation
    /// Whether a handle is initialised only when it first reads (``TesseractEngine``): where
    /// Tesseract reads seldom (beside the trained recogniser it reads only boxes that may hold a
    /// currency sign the recogniser lacks), a worker that never needs it spares its memory.
    public var startsOnFirstUse: Bool

    public init(
        tessdataDirectory: String? = nil, language: String = "eng", pageSegmentation: PageSegmentation = .sparseText,
        startsOnFirstUse: Bool = false
    ) {
        self.tessdataDirectory = tessdataDirectory
        self.language = language
        self.pageSegmentation = pageSegmentation
        self.startsOnFirstUse = startsOnFirstUse
    }

    /// Folders searched, in order, when no tessdata directory is given.
    public static let standardTessdataDirectories = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
    ]

    /// The tessdata folder that holds every requested language's model.
    ///
    /// Checked before Tesseract is initialised so that a missing model is a clear error
    /// naming the file, not Tesseract's own message on stderr.
    public func resolvedTessdataDirectory() throws(OCRError) -> String {
        let languages = language.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard !languages.isEmpty, languages.allSatisfy({ !$0.isEmpty && !$0.contains("/") }) else {
            throw .invalidLanguage(language)
        }
        var candidates: [String]
        if let tessdataDirectory {
            candidates = [tessdataDirectory]
        } else {
            candidates = []
            if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
                candidates.append(prefix)
                candidates.append((prefix as NSString).appendingPathComponent("tessdata"))
            }
            candidates += Self.standardTessdataDirectories
        }
        let fileManager = FileManager.default
        for directory in candidates {
            let missing = languages.filter {
                !fileManager.isReadableFile(atPath: (directory as NSString).appendingPathComponent("\($0).traineddata"))
            }
            if missing.isEmpty { return directory }
        }
        throw .modelMissing(language: language, searched: candidates)
    }
}

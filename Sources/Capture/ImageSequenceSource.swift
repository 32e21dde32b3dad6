/// Replays image files one frame each, decoded by ``ImageLoader``.
///
/// Files found by listing a directory are passed over with a ``SourceEvent/skipped(_:)`` event
/// when they cannot be read; a file the user named explicitly is fatal instead.
final class ImageSequenceSource: FrameSource {
    /// One file to replay.
    struct Entry: Sendable, Equatable {
        /// The file path.
        let path: String
        /// Whether it came from listing a directory (unreadable ⇒ skipped) rather than being named
        /// by the user (unreadable ⇒ fatal).
        let listedFromDirectory: Bool
    }

    /// Lower-case file name extensions treated as images when listing a directory.
    static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jfif", "pnm", "pgm", "ppm", "pbm", "pam",
        "tif", "tiff", "bmp", "gif", "webp", "jp2", "j2k",
    ]

    let name: String
    var nominalFrameRate: Double? { nil }

    private let entries: [Entry]
    private var position = 0
    private var nextSequence: UInt64 = 0

    init(name: String, entries: [Entry]) {
        self.name = name
        self.entries = entries
    }

    /// The image files of directory `path`, by extension, hidden files excluded, in natural order.
    static func entries(inDirectory path: String) throws(ReplayError) -> [Entry] {
        let names = try DirectoryStream(path: path).entryNames()
            .filter { !$0.hasPrefix(".") && imageExtensions.contains(fileExtension(of: $0)) }
            .sorted(by: NaturalOrder.areInIncreasingOrder)
        let directory = path.hasSuffix("/") ? path : path + "/"
        return names.map { Entry(path: directory + $0, listedFromDirectory: true) }
    }

    /// The lower-cased text after the last `.` of the last path component, or `""`.
    static func fileExtension(of path: String) -> String {
        let file = path.split(separator: "/").last ?? ""
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return "" }
        return file[file.index(after: dot)...].lowercased()
    }

    func next() throws(ReplayError) -> SourceEvent? {
        guard position < entries.count else { return nil }
        let entry = entries[position]
        position += 1
        do {
            let frame = try loadFrame(entry.path)
            nextSequence += 1
            return .frame(frame)
        } catch {
            guard entry.listedFromDirectory else {
                position = entries.count
                throw error
            }
            return .skipped(error)
        }
    }

    func rewind() throws(ReplayError) {
        position = 0
    }

    private func loadFrame(_ path: String) throws(ReplayError) -> Frame {
        let image = try ImageLoader.loadLuma(path: path)
        do {
            return try Frame(
                luma: image.luma, width: image.width, height: image.height, stride: image.width,
                sequence: nextSequence, timestamp: .now())
        } catch {
            throw .invalidFrame(path: path, error)
        }
    }
}

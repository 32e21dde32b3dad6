#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens recorded frames for `lensd replay`.
///
/// - `"-"`: a YUV4MPEG2 stream on standard input (streamed, never slurped; cannot loop).
/// - a directory: its image files, chosen by extension, in natural order (`frame2` < `frame10`);
///   unreadable ones become ``SourceEvent/skipped(_:)`` events.
/// - `*.y4m`: a YUV4MPEG2 file.
/// - anything else: one image file, read with Leptonica.
///
/// Several paths play one after another as one stream, in the order given. Path kinds are
/// checked with `stat(2)` and Y4M headers are read here, so bad paths fail at once.
public enum ReplaySource {
    /// Opens `paths` as one ``FrameSource``.
    public static func open(paths: [String]) throws(ReplayError) -> any FrameSource {
        guard !paths.isEmpty else { throw .noPaths }
        var sources: [any FrameSource] = []
        var images: [ImageSequenceSource.Entry] = []
        var imageNames: [String] = []

        func flushImages() {
            guard !images.isEmpty else { return }
            sources.append(
                ImageSequenceSource(name: imageNames.joined(separator: " "), entries: images))
            images = []
            imageNames = []
        }

        for path in paths {
            if path == "-" {
                flushImages()
                sources.append(try Y4MSource(file: ReadableFileDescriptor.standardInput()))
            } else if try isDirectory(path) {
                let listed = try ImageSequenceSource.entries(inDirectory: path)
                guard !listed.isEmpty else { throw .noImagesInDirectory(path: path) }
                images += listed
                imageNames.append(path)
            } else if ImageSequenceSource.fileExtension(of: path) == "y4m" {
                flushImages()
                sources.append(try Y4MSource(path: path))
            } else {
                images.append(.init(path: path, listedFromDirectory: false))
                imageNames.append(path)
            }
        }
        flushImages()

        if sources.count == 1, let only = sources.first {
            return only
        }
        return ChainedSource(name: paths.joined(separator: " "), sources: sources)
    }

    /// Whether `path` names a directory (`stat(2)`, following symbolic links).
    private static func isDirectory(_ path: String) throws(ReplayError) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .statusFailed(path: path, errno: errno)
        }
        return (status.st_mode & S_IFMT) == S_IFDIR
    }
}

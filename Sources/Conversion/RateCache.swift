import Foundation

/// The on-disk cache of fetched rate tables: one JSON file per source and base,
/// `rates-{source}-{BASE}.json`, in `$XDG_CACHE_HOME/lensd/` (or `~/.cache/lensd/`).
///
/// Files are replaced atomically (temporary file, `fsync`, `rename`, directory `fsync`); see
/// ``AtomicFile``. A missing file is no entry; an unreadable or corrupt one is an error the
/// caller reports and then ignores.
public struct RateCache: Sendable, Hashable {
    /// The directory holding the cache files.
    public let directory: URL

    /// A cache in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The default directory: `$XDG_CACHE_HOME/lensd` when that is an absolute path, else
    /// `$HOME/.cache/lensd`, else the user's home directory per Foundation plus `.cache/lensd`.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("lensd", isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            .map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/lensd", isDirectory: true)
    }

    /// The file for `source` and `base`. Characters other than ASCII letters, digits, `-`
    /// and `_` in the source name become `_`.
    public func fileURL(source: String, base: String) -> URL {
        let safeSource = String(
            source.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
                    ? Character(scalar) : "_"
            }
        )
        return directory.appendingPathComponent("rates-\(safeSource)-\(base.uppercased()).json")
    }

    /// The cached entry for `source` and `base`, or `nil` if there is no file.
    ///
    /// - Throws: ``RateError`` when the file exists but cannot be read or is corrupt.
    public func load(source: String, base: String) throws(RateError) -> RateCacheEntry? {
        let url = fileURL(source: source, base: base)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) {
                return nil
            }
            throw .fileSystem(path: url.path, reason: "cannot read cache: \(error.localizedDescription)")
        }
        let file: RateCacheFile
        do {
            file = try JSONDecoder().decode(RateCacheFile.self, from: data)
        } catch {
            throw .malformedJSON(source: url.path, reason: "corrupt cache file")
        }
        let entry = try file.entry(path: url.path)
        guard entry.table.sourceName == source, entry.table.base == base.uppercased() else {
            throw .malformedJSON(
                source: url.path, reason: "cache file holds \(entry.table.sourceName)/\(entry.table.base)")
        }
        return entry
    }

    /// Stores `entry` under its table's source and base, atomically replacing any previous file.
    public func store(_ entry: RateCacheEntry) throws(RateError) {
        let url = fileURL(source: entry.table.sourceName, base: entry.table.base)
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(RateCacheFile(entry))
        } catch {
            throw .fileSystem(path: url.path, reason: "cannot encode cache: \(error.localizedDescription)")
        }
        try AtomicFile.replace(url, with: data)
    }
}

import Foundation

/// What ``CurrencySymbolTable`` reads from Foundation's ICU locale data: how every locale spells
/// its currencies, and the en_US symbol and minor units of every ISO code.
///
/// Reading it formats about 2,000 amounts with ICU: 0.3–0.5 s of CPU at every start on a two-core
/// machine, beside the Tesseract handles (start-up is bound by the cores there). With a cache
/// directory (``CurrencySymbolCache``), ``load(cachedIn:)`` keeps it in a JSON file named after
/// the ICU library it came from (its path, size and modification time) and the locale and
/// currency lists, and reads it back on the next start; a file that is missing, unreadable or
/// for other ICU data is computed again and replaced.
struct CurrencySpellings: Codable, Sendable, Equatable {
    /// How en_US prints an amount of one ISO code (a `NumberFormatter`'s symbol and a formatted
    /// 1.1111), and the fraction digits that shows.
    struct English: Codable, Sendable, Equatable {
        var code: String
        var symbol: String
        var formatted: String
        var fractionDigits: Int
    }

    /// ``CurrencySymbolTable/localeSpellings(_:slices:)`` of every available locale, in the
    /// order of their identifiers (`Locale.availableIdentifiers` has none of its own).
    var locales: [CurrencySymbolTable.Spelling]
    /// Every code of `Locale.commonISOCurrencyCodes`, sorted.
    var english: [English]

    /// The file format; a change names new files.
    static let formatVersion = 1

    /// Reads the spellings from ICU.
    static func fromICU() -> CurrencySpellings {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.locale = Locale(identifier: "en_US")
        let probe = Decimal(string: "1.1111") ?? 1
        let english = Set(Locale.commonISOCurrencyCodes).sorted().map { code in
            formatter.currencyCode = code
            let formatted = formatter.string(from: probe as NSDecimalNumber) ?? ""
            return English(
                code: code, symbol: formatter.currencySymbol ?? "", formatted: formatted,
                fractionDigits: fractionDigits(in: formatted, decimalSeparator: formatter.currencyDecimalSeparator ?? "."))
        }
        return CurrencySpellings(locales: CurrencySymbolTable.localeSpellings(Locale.availableIdentifiers.sorted()), english: english)
    }

    /// The spellings from the cache file in `directory` named by `key` (``cacheKey()``: this ICU
    /// data's), else from ICU (then written there, replacing the files of other keys). A `nil`
    /// directory or key: always from ICU.
    static func load(cachedIn directory: URL?, key: String? = cacheKey()) -> CurrencySpellings {
        guard let directory, let key else { return fromICU() }
        let file = directory.appendingPathComponent("\(filePrefix)\(key).json")
        if let data = try? Data(contentsOf: file), let cached = try? JSONDecoder().decode(CurrencySpellings.self, from: data),
           !cached.locales.isEmpty, !cached.english.isEmpty {
            return cached
        }
        let spellings = fromICU()
        store(spellings, in: file)
        return spellings
    }

    /// Writes `spellings` to `file` (atomically) and removes the directory's other spellings
    /// files. Best effort: a directory that cannot be written only means no cache.
    private static func store(_ spellings: CurrencySpellings, in file: URL) {
        let directory = file.deletingLastPathComponent()
        let manager = FileManager.default
        guard (try? manager.createDirectory(at: directory, withIntermediateDirectories: true)) != nil,
              let data = try? JSONEncoder().encode(spellings),
              (try? data.write(to: file, options: .atomic)) != nil
        else { return }
        for name in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasPrefix(filePrefix) && name != file.lastPathComponent {
            try? manager.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    private static let filePrefix = "currency-spellings-"

    /// A hash of the ICU library's identity and of the locale and currency lists; `nil` when the
    /// library is not found among the process's mappings (its data could then change unseen).
    static func cacheKey() -> String? {
        guard let library = icuLibrary() else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x100_0000_01b3
        }
        mix("\(formatVersion)")
        mix(library)
        for identifier in Locale.availableIdentifiers.sorted() { mix(identifier) }
        for code in Set(Locale.commonISOCurrencyCodes).sorted() { mix(code) }
        return String(hash, radix: 16)
    }

    /// The path, size and modification time of the ICU library mapped into this process
    /// (`/proc/self/maps`), as text. The mappings are read as bytes, since a mapped file's name
    /// need not be UTF-8, and a mapping whose file is gone or cannot be examined is passed over.
    private static func icuLibrary() -> String? {
        // Read to its end: the file reports no size, and a process linking many libraries maps
        // more than one read returns.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"), let maps = try? handle.readToEnd() else { return nil }
        try? handle.close()
        for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            guard path.contains("FoundationICU") || path.contains("libicudata") else { continue }
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date
            else { continue }
            return "\(path) \(size) \(modified.timeIntervalSince1970)"
        }
        return nil
    }

    private static func fractionDigits(in formatted: String, decimalSeparator: String) -> Int {
        guard let range = formatted.range(of: decimalSeparator, options: .backwards) else { return 0 }
        return formatted[range.upperBound...].unicodeScalars.prefix(while: CurrencySymbolTable.isASCIIDigit).count
    }
}

import Foundation

/// Reads a rate document in any supported format, detected from its first non-blank character:
/// `{` ExchangeRate-API JSON, `<` ECB XML, `Date` ECB CSV.
public enum RateDocument {
    /// Parses `data` as ECB CSV, ECB XML or ExchangeRate-API JSON, whichever it is.
    ///
    /// - Throws: ``RateError/unknownFormat(source:)`` when it is none of them, or the format's
    ///   own parse error.
    public static func parse(_ data: Data, sourceName: String) throws(RateError) -> RateTable {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = bytes.dropFirst(3)
        }
        guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw .unknownFormat(source: sourceName)
        }
        switch bytes[first] {
        case UInt8(ascii: "{"):
            return try ExchangeRateAPI.parseJSON(Data(bytes), sourceName: sourceName)
        case UInt8(ascii: "<"):
            return try ECBRates.parseXML(Data(bytes), sourceName: sourceName)
        default:
            guard let text = String(data: Data(bytes), encoding: .utf8),
                text.drop(while: \.isWhitespace).prefix(4).lowercased() == "date"
            else {
                throw .unknownFormat(source: sourceName)
            }
            return try ECBRates.parseCSV(text, sourceName: sourceName)
        }
    }

    /// Reads and parses the file at `path`; the table's source name is `"file:<path>"`.
    public static func load(path: String) throws(RateError) -> RateTable {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .fileSystem(path: path, reason: "cannot read: \(error.localizedDescription)")
        }
        return try parse(data, sourceName: "file:\(path)")
    }
}

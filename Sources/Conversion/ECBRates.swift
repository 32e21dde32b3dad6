import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Readers for the European Central Bank's euro reference-rate documents.
///
/// Both produce a ``RateTable`` with base `EUR`, the reference day as `date`, and `publishedAt`
/// at 16:00 Frankfurt time on that day.
public enum ECBRates {
    /// Parses the ECB CSV layout (`eurofxref.csv`, or the historical `eurofxref-hist.csv`).
    ///
    /// The first non-empty line is the header: `Date` then ISO codes. The next non-empty line is
    /// the day's row: the date (`"30 October 2026"` or `"2026-10-30"`) then one rate per code.
    /// Fields are trimmed (the ECB writes a space after every comma) and one trailing empty
    /// field (the ECB's trailing comma) is dropped. Later rows, as in the historical file, are
    /// older days and are ignored. `N/A` or empty rates (currencies not quoted that day) are
    /// skipped.
    public static func parseCSV(_ text: String, sourceName: String) throws(RateError) -> RateTable {
        var header: [String]?
        var lineNumber = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                continue
            }
            let fields = csvFields(line)
            if let header {
                return try csvTable(header: header, row: fields, line: lineNumber, sourceName: sourceName)
            }
            header = try csvHeader(fields, line: lineNumber, sourceName: sourceName)
        }
        if header == nil {
            throw .malformedCSV(source: sourceName, line: max(lineNumber, 1), field: nil, reason: "empty document")
        }
        throw .malformedCSV(source: sourceName, line: lineNumber, field: nil, reason: "header without a data row")
    }

    /// Parses the ECB XML layout (`eurofxref-daily.xml`, or the 90-day and historical files):
    /// `<gesmes:Envelope>…<Cube><Cube time="2026-10-30"><Cube currency="USD" rate="1.1172"/>…`.
    ///
    /// Only the first `<Cube time=…>` (the latest day) is read.
    public static func parseXML(_ data: Data, sourceName: String) throws(RateError) -> RateTable {
        let parser = XMLParser(data: data)
        let reader = ECBXMLReader(sourceName: sourceName)
        parser.delegate = reader
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let completed = parser.parse()
        if let error = reader.error {
            throw error
        }
        if !completed && !reader.finishedFirstDay {
            throw .malformedXML(
                source: sourceName,
                line: parser.lineNumber,
                column: parser.columnNumber,
                reason: parser.parserError.map { "\($0.localizedDescription)" } ?? "parse failed"
            )
        }
        guard let day = reader.day else {
            throw .malformedXML(
                source: sourceName,
                line: parser.lineNumber,
                column: parser.columnNumber,
                reason: "no <Cube time=\"…\"> element"
            )
        }
        guard !reader.rates.isEmpty else {
            throw .noRates(source: sourceName)
        }
        return RateTable(
            base: "EUR",
            date: day.iso,
            rates: reader.rates,
            sourceName: sourceName,
            publishedAt: day.publicationTime
        )
    }

    /// Splits a CSV line on commas, trims each field, and drops one trailing empty field.
    private static func csvFields(_ line: Substring) -> [Substring] {
        var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
        if fields.count > 1, fields.last?.isEmpty == true {
            fields.removeLast()
        }
        return fields
    }

    /// `field` without leading and trailing spaces and tabs.
    private static func trimmed(_ field: Substring) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = field.firstIndex(where: { !isBlank($0) }),
            let last = field.lastIndex(where: { !isBlank($0) })
        else {
            return field[field.endIndex...]
        }
        return field[first...last]
    }

    private static func csvHeader(_ fields: [Substring], line: Int, sourceName: String) throws(RateError) -> [String] {
        guard fields.first?.lowercased() == "date" else {
            throw .malformedCSV(
                source: sourceName,
                line: line,
                field: 1,
                reason: "expected header starting with 'Date', found '\(fields.first ?? "")'"
            )
        }
        var codes: [String] = []
        var seen: Set<String> = []
        for (index, field) in fields.enumerated().dropFirst() {
            let code = field.uppercased()
            guard CurrencyCodes.isKnown(code) else {
                if field.isEmpty {
                    throw .malformedCSV(source: sourceName, line: line, field: index + 1, reason: "empty currency code")
                }
                throw .invalidCurrency(source: sourceName, code: String(field), line: line)
            }
            guard seen.insert(code).inserted else {
                throw .malformedCSV(
                    source: sourceName, line: line, field: index + 1, reason: "duplicate currency \(code)")
            }
            codes.append(code)
        }
        guard !codes.isEmpty else {
            throw .noRates(source: sourceName)
        }
        return codes
    }

    private static func csvTable(
        header: [String],
        row: [Substring],
        line: Int,
        sourceName: String
    ) throws(RateError) -> RateTable {
        guard row.count == header.count + 1 else {
            throw .malformedCSV(
                source: sourceName,
                line: line,
                field: min(row.count, header.count + 1) + 1,
                reason: "expected \(header.count + 1) fields as in the header, found \(row.count)"
            )
        }
        guard let day = ECBDate(row[0]) else {
            throw .invalidDate(source: sourceName, value: String(row[0]), line: line)
        }
        var rates: [String: Decimal] = [:]
        for (code, value) in zip(header, row.dropFirst()) {
            if value.isEmpty || value == "N/A" {
                continue
            }
            guard let rate = DecimalText.positiveRate(value) else {
                throw .invalidRate(source: sourceName, currency: code, value: String(value), line: line)
            }
            rates[code] = rate
        }
        guard !rates.isEmpty else {
            throw .noRates(source: sourceName)
        }
        return RateTable(
            base: "EUR",
            date: day.iso,
            rates: rates,
            sourceName: sourceName,
            publishedAt: day.publicationTime
        )
    }
}

import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `XMLParser` delegate behind ``ECBRates/parseXML(_:sourceName:)``: collects the rates of
/// the first `<Cube time=…>` element and records the first layout error with its position.
final class ECBXMLReader: NSObject, XMLParserDelegate {
    private let sourceName: String
    /// The day of the first `<Cube time=…>`, once seen.
    private(set) var day: ECBDate?
    /// Rates read inside the first day.
    private(set) var rates: [String: Decimal] = [:]
    /// The first error found; parsing stops there.
    private(set) var error: RateError?
    /// Whether the first day's element has closed; parsing stops there.
    private(set) var finishedFirstDay = false
    /// How many `<Cube>` elements are open.
    private var cubeDepth = 0
    /// The `cubeDepth` at which the first day's element was opened.
    private var dayDepth: Int?

    init(sourceName: String) {
        self.sourceName = sourceName
    }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard elementName == "Cube", error == nil, !finishedFirstDay else {
            return
        }
        cubeDepth += 1
        if let time = attributeDict["time"] {
            guard dayDepth == nil else {
                fail(parser, reason: "<Cube time=\"\(time)\"> nested in another day")
                return
            }
            guard let parsed = ECBDate(Substring(time)) else {
                fail(parser, .invalidDate(source: sourceName, value: time, line: parser.lineNumber))
                return
            }
            day = parsed
            dayDepth = cubeDepth
            return
        }
        guard let currency = attributeDict["currency"] else {
            return
        }
        guard dayDepth != nil else {
            fail(parser, reason: "<Cube currency=\"\(currency)\"> outside a <Cube time=\"…\">")
            return
        }
        let code = currency.uppercased()
        guard CurrencyCodes.isKnown(code) else {
            fail(parser, .invalidCurrency(source: sourceName, code: currency, line: parser.lineNumber))
            return
        }
        guard let text = attributeDict["rate"] else {
            fail(parser, reason: "<Cube currency=\"\(currency)\"> without a rate attribute")
            return
        }
        guard let rate = DecimalText.positiveRate(Substring(text)) else {
            fail(parser, .invalidRate(source: sourceName, currency: code, value: text, line: parser.lineNumber))
            return
        }
        guard rates.updateValue(rate, forKey: code) == nil else {
            fail(parser, reason: "duplicate currency \(code)")
            return
        }
    }

    func parser(
        _ parser: XMLParser,
        didEndElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        guard elementName == "Cube", error == nil, !finishedFirstDay else {
            return
        }
        if let dayDepth, cubeDepth == dayDepth {
            finishedFirstDay = true
            parser.abortParsing()
        }
        cubeDepth -= 1
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard error == nil, !finishedFirstDay else {
            return
        }
        fail(parser, reason: "\(parseError.localizedDescription)")
    }

    private func fail(_ parser: XMLParser, reason: String) {
        fail(
            parser,
            .malformedXML(source: sourceName, line: parser.lineNumber, column: parser.columnNumber, reason: reason)
        )
    }

    private func fail(_ parser: XMLParser, _ failure: RateError) {
        error = failure
        parser.abortParsing()
    }
}

import Foundation
import Testing

@testable import Conversion

@Suite("ECB XML parsing")
struct ECBXMLParsingTests {
    static let daily = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        \t<gesmes:subject>Reference rates</gesmes:subject>
        \t<gesmes:Sender>
        \t\t<gesmes:name>European Central Bank</gesmes:name>
        \t</gesmes:Sender>
        \t<Cube>
        \t\t<Cube time='2026-10-30'>
        \t\t\t<Cube currency='USD' rate='1.1172'/>
        \t\t\t<Cube currency='JPY' rate='175.68'/>
        \t\t\t<Cube currency='GBP' rate='0.83380'/>
        \t\t</Cube>
        \t</Cube>
        </gesmes:Envelope>
        """

    @Test("the daily ECB XML parses")
    func parsesDailyXML() throws {
        let table = try ECBRates.parseXML(Data(Self.daily.utf8), sourceName: "ecb")
        #expect(table.base == "EUR")
        #expect(table.date == "2026-10-30")
        #expect(table.sourceName == "ecb")
        #expect(
            table.rates == ["EUR": 1, "USD": decimal("1.1172"), "JPY": decimal("175.68"), "GBP": decimal("0.83380")])
        #expect(table.publishedAt == instant("2026-10-30T15:00:00Z"))
    }

    @Test("the XML and CSV of the same day give the same rates")
    func xmlMatchesCSV() throws {
        let xml = try ECBRates.parseXML(Data(Self.daily.utf8), sourceName: "x")
        let csv = try ECBRates.parseCSV(
            "Date, USD, JPY, GBP, \n30 October 2026, 1.1172, 175.68, 0.83380, \n", sourceName: "x")
        #expect(xml == csv)
    }

    @Test("only the first (latest) day of a multi-day file is read")
    func multiDayReadsFirst() throws {
        let xml = """
            <gesmes:Envelope xmlns:gesmes="g"><Cube>
            <Cube time="2026-10-30"><Cube currency="USD" rate="1.1172"/></Cube>
            <Cube time="2026-10-29"><Cube currency="USD" rate="1.0"/><Cube currency="JPY" rate="1"/></Cube>
            </Cube></gesmes:Envelope>
            """
        let table = try ECBRates.parseXML(Data(xml.utf8), sourceName: "x")
        #expect(table.date == "2026-10-30")
        #expect(table.rates == ["EUR": 1, "USD": decimal("1.1172")])
    }

    @Test("truncated XML is malformed with a position")
    func truncated() {
        let cut = String(Self.daily.prefix(Self.daily.count / 2))
        #expect {
            try ECBRates.parseXML(Data(cut.utf8), sourceName: "x")
        } throws: { error in
            guard let error = error as? RateError, case .malformedXML(let source, let line, _, _) = error else {
                return false
            }
            return source == "x" && line >= 1
        }
    }

    @Test("garbage is malformed XML")
    func garbage() {
        #expect(throws: RateError.self) {
            try ECBRates.parseXML(Data("not xml at all".utf8), sourceName: "x")
        }
        #expect(throws: RateError.self) {
            try ECBRates.parseXML(Data([0xFF, 0x00, 0x3C]), sourceName: "x")
        }
    }

    @Test("well-formed XML without a day cube is rejected")
    func noDay() {
        #expect {
            try ECBRates.parseXML(Data("<root><Cube/></root>".utf8), sourceName: "x")
        } throws: { error in
            guard let error = error as? RateError, case .malformedXML(_, _, _, let reason) = error else {
                return false
            }
            return reason.contains("Cube time")
        }
    }

    @Test("a rate cube outside a day is rejected with its line")
    func rateOutsideDay() {
        #expect {
            try ECBRates.parseXML(Data("<root>\n<Cube currency=\"USD\" rate=\"1\"/></root>".utf8), sourceName: "x")
        } throws: { error in
            guard let error = error as? RateError, case .malformedXML(_, let line, _, _) = error else {
                return false
            }
            return line == 2
        }
    }

    @Test("an invalid rate attribute is rejected with currency and line")
    func invalidRate() {
        let xml = "<r><Cube time=\"2026-10-30\">\n<Cube currency=\"USD\" rate=\"1,1\"/></Cube></r>"
        #expect(throws: RateError.invalidRate(source: "x", currency: "USD", value: "1,1", line: 2)) {
            try ECBRates.parseXML(Data(xml.utf8), sourceName: "x")
        }
    }

    @Test("an invalid day is rejected")
    func invalidDay() {
        let xml = "<r><Cube time=\"2026-02-30\"><Cube currency=\"USD\" rate=\"1\"/></Cube></r>"
        #expect(throws: RateError.invalidDate(source: "x", value: "2026-02-30", line: 1)) {
            try ECBRates.parseXML(Data(xml.utf8), sourceName: "x")
        }
    }

    @Test("a day without rates has no rates")
    func emptyDay() {
        #expect(throws: RateError.noRates(source: "x")) {
            try ECBRates.parseXML(Data("<r><Cube time=\"2026-10-30\"></Cube></r>".utf8), sourceName: "x")
        }
    }
}

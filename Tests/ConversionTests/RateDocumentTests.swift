import Foundation
import Testing

@testable import Conversion

@Suite("Rate document format detection")
struct RateDocumentTests {
    @Test("ECB CSV, ECB XML and ExchangeRate-API JSON are told apart")
    func detectsFormats() throws {
        let csv = try RateDocument.parse(Data(TestFixtures.ecbCSV.utf8), sourceName: "f")
        #expect(csv.date == "2026-11-02")
        let xml = try RateDocument.parse(Data(TestFixtures.ecbXML().utf8), sourceName: "f")
        #expect(xml.date == "2026-10-30")
        let json = try RateDocument.parse(Data(TestFixtures.exchangeRateAPI().utf8), sourceName: "f")
        #expect(json.base == "USD")
    }

    @Test("a byte order mark and leading blank lines are skipped")
    func skipsBOMAndBlankLines() throws {
        let table = try RateDocument.parse(
            Data([0xEF, 0xBB, 0xBF] + Array(("\n\n" + TestFixtures.ecbCSV).utf8)), sourceName: "f")
        #expect(table.rates["USD"] == decimal("1.1200"))
    }

    @Test("anything else is an unknown format", arguments: ["", "   \n", "hello", "USD,1.1", "\u{FF}"])
    func unknownFormat(text: String) {
        #expect(throws: RateError.unknownFormat(source: "f")) {
            try RateDocument.parse(Data(text.utf8), sourceName: "f")
        }
    }

    @Test("a rates file loads with a file: source name")
    func loadsFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("rates.xml").path
        try Data(TestFixtures.ecbXML().utf8).write(to: URL(fileURLWithPath: path))
        let table = try RateDocument.load(path: path)
        #expect(table.sourceName == "file:\(path)")
        #expect(table.rates["USD"] == decimal("1.1172"))
    }

    @Test("a missing rates file is a file system error naming the path")
    func missingFile() {
        #expect {
            try RateDocument.load(path: "/nonexistent/rates.csv")
        } throws: { error in
            guard let error = error as? RateError, case .fileSystem(let path, _) = error else {
                return false
            }
            return path == "/nonexistent/rates.csv"
        }
    }
}

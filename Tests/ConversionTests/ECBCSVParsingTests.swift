import Foundation
import Testing

@testable import Conversion

@Suite("ECB CSV parsing")
struct ECBCSVParsingTests {
    @Test("the ECB layout with spaces after commas and trailing commas parses")
    func parsesECBLayout() throws {
        let table = try ECBRates.parseCSV(
            "Date, USD, JPY, \n30 October 2026, 1.1172, 175.68, \n", sourceName: "t")
        #expect(table.rates == ["EUR": 1, "USD": decimal("1.1172"), "JPY": decimal("175.68")])
        #expect(table.date == "2026-10-30")
        #expect(table.base == "EUR")
    }

    @Test("CRLF line ends, ISO dates and no trailing comma parse too")
    func parsesVariants() throws {
        let table = try ECBRates.parseCSV("Date,USD\r\n2026-10-30,1.1172\r\n", sourceName: "t")
        #expect(table.rates["USD"] == decimal("1.1172"))
        #expect(table.date == "2026-10-30")
    }

    @Test("the historical file's first (latest) row is used and N/A rates are skipped")
    func historicalFileUsesFirstRow() throws {
        let table = try ECBRates.parseCSV(
            "Date,USD,CYP,\n2026-10-30,1.1172,N/A,\n2026-10-29,1.1100,N/A,\n", sourceName: "t")
        #expect(table.date == "2026-10-30")
        #expect(table.rates == ["EUR": 1, "USD": decimal("1.1172")])
    }

    @Test("an empty document is a malformed CSV at line 1")
    func emptyDocument() {
        #expect(throws: RateError.malformedCSV(source: "t", line: 1, field: nil, reason: "empty document")) {
            try ECBRates.parseCSV("", sourceName: "t")
        }
    }

    @Test("a header without the Date column names line and field")
    func headerWithoutDate() {
        #expect(throws: RateError.self) {
            try ECBRates.parseCSV("USD, JPY\n1.1, 175\n", sourceName: "t")
        }
        do {
            _ = try ECBRates.parseCSV("\nUSD, JPY\n1.1, 175\n", sourceName: "t")
            Issue.record("expected an error")
        } catch {
            guard case .malformedCSV(_, let line, let field, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(line == 2)
            #expect(field == 1)
        }
    }

    @Test("a row with too few fields names its line")
    func shortRow() {
        do {
            _ = try ECBRates.parseCSV("Date, USD, JPY, \n30 October 2026, 1.1172, \n", sourceName: "rates.csv")
            Issue.record("expected an error")
        } catch {
            guard case .malformedCSV(let source, let line, let field, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(source == "rates.csv")
            #expect(line == 2)
            #expect(field == 3)
            #expect(reason.contains("expected 3 fields"))
            #expect(error.description.contains("rates.csv"))
            #expect(error.description.contains("line 2"))
        }
    }

    @Test("a row with too many fields names the first extra field")
    func longRow() {
        #expect(
            throws: RateError.malformedCSV(
                source: "t", line: 2, field: 3, reason: "expected 2 fields as in the header, found 3")
        ) {
            try ECBRates.parseCSV("Date, USD\n30 October 2026, 1.1, 2.2\n", sourceName: "t")
        }
    }

    @Test("a header without a data row is malformed")
    func headerOnly() {
        #expect(throws: RateError.malformedCSV(source: "t", line: 2, field: nil, reason: "header without a data row")) {
            try ECBRates.parseCSV("Date, USD\n", sourceName: "t")
        }
    }

    @Test("a non-numeric, negative, zero or exponent rate is rejected with its currency and line")
    func invalidRates() {
        for value in ["abc", "-1.1", "0", "0.000", "1e3", "1.2.3", ".5", "1 000", "5."] {
            #expect(throws: RateError.invalidRate(source: "t", currency: "USD", value: value, line: 2)) {
                try ECBRates.parseCSV("Date, USD, \n30 October 2026, \(value), \n", sourceName: "t")
            }
        }
    }

    @Test("a code that is not ISO 4217 is rejected")
    func invalidCurrency() {
        #expect(throws: RateError.invalidCurrency(source: "t", code: "XYZ1", line: 1)) {
            try ECBRates.parseCSV("Date, XYZ1, \n30 October 2026, 1, \n", sourceName: "t")
        }
    }

    @Test("a duplicate code is rejected with its field")
    func duplicateCurrency() {
        #expect(throws: RateError.malformedCSV(source: "t", line: 1, field: 3, reason: "duplicate currency USD")) {
            try ECBRates.parseCSV("Date, USD, USD\n30 October 2026, 1, 2\n", sourceName: "t")
        }
    }

    @Test("an invalid date is rejected", arguments: ["31 February 2026", "30 Octobre 2026", "2026-13-01", "yesterday"])
    func invalidDate(value: String) {
        #expect(throws: RateError.invalidDate(source: "t", value: value, line: 2)) {
            try ECBRates.parseCSV("Date, USD\n\(value), 1.1\n", sourceName: "t")
        }
    }
}

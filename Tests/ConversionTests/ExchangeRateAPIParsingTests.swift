import Foundation
import Testing

@testable import Conversion

@Suite("ExchangeRate-API parsing")
struct ExchangeRateAPIParsingTests {
    @Test("a v6 answer parses exactly, with update times and the UTC day")
    func parsesV6Answer() throws {
        let table = try ExchangeRateAPI.parseJSON(Data(TestFixtures.exchangeRateAPI().utf8), sourceName: "api")
        #expect(table.base == "USD")
        #expect(table.date == "2026-10-31")
        #expect(table.sourceName == "api")
        #expect(table.rates["EUR"] == decimal("0.8951"))
        #expect(table.rates["GBP"] == decimal("0.746333"))
        #expect(table.rates["KWD"] == decimal("0.30712"))
        #expect(table.publishedAt == Date(timeIntervalSince1970: 1_793_404_801))
        #expect(table.nextUpdateAt == Date(timeIntervalSince1970: 1_793_491_201))
    }

    @Test("codes that are not ISO 4217 are skipped")
    func skipsNonISOCodes() throws {
        let table = try ExchangeRateAPI.parseJSON(Data(TestFixtures.exchangeRateAPI().utf8), sourceName: "api")
        #expect(table.rates["FOK"] == nil)
        #expect(table.rates.count == 5)
    }

    @Test("the open variant's 'rates' parses")
    func parsesOpenVariant() throws {
        let table = try ExchangeRateAPI.parseJSON(Data(TestFixtures.exchangeRateAPIOpen.utf8), sourceName: "api")
        #expect(table.base == "EUR")
        #expect(table.rates["USD"] == decimal("1.1172"))
    }

    @Test("long rates keep every digit (no Double on the way)")
    func keepsDigits() throws {
        let json = TestFixtures.exchangeRateAPI(eur: "0.895094880057285714")
        let table = try ExchangeRateAPI.parseJSON(Data(json.utf8), sourceName: "api")
        #expect(table.rates["EUR"] == decimal("0.895094880057285714"))
    }

    @Test("an error answer throws apiError with its error-type")
    func errorAnswer() {
        #expect(throws: RateError.apiError(source: "api", errorType: "invalid-key")) {
            try ExchangeRateAPI.parseJSON(
                Data(TestFixtures.exchangeRateAPIError("invalid-key").utf8), sourceName: "api")
        }
    }

    @Test(
        "answers lacking required fields are malformed",
        arguments: [
            #"{"result":"success","conversion_rates":{"USD":1},"time_last_update_unix":1}"#,
            #"{"result":"success","base_code":"USD","time_last_update_unix":1}"#,
            #"{"result":"success","base_code":"USD","conversion_rates":{"USD":1}}"#,
            #"{"base_code":"USD","conversion_rates":{"USD":1},"time_last_update_unix":1}"#,
            #"{"result":"success","base_code":"USD","conversion_rates":{"USD":"1"},"time_last_update_unix":1}"#,
            #"{"result":"success","base_code":"USD","conversion_rates":{"USD":1},"time_last_update_unix":1"#,
            "[]",
        ])
    func malformedAnswers(json: String) {
        #expect {
            try ExchangeRateAPI.parseJSON(Data(json.utf8), sourceName: "api")
        } throws: { error in
            guard let error = error as? RateError, case .malformedJSON(let source, _) = error else {
                return false
            }
            return source == "api"
        }
    }

    @Test("a zero or negative rate is rejected")
    func invalidRate() {
        for value in ["0", "-1.5"] {
            let json = TestFixtures.exchangeRateAPI(eur: value)
            #expect(throws: RateError.invalidRate(source: "api", currency: "EUR", value: value, line: nil)) {
                try ExchangeRateAPI.parseJSON(Data(json.utf8), sourceName: "api")
            }
        }
    }

    @Test("keyed and open URLs follow the v6 layout")
    func latestURLs() throws {
        let base = try #require(URL(string: "https://v6.exchangerate-api.com"))
        #expect(
            ExchangeRateAPI.latestURL(baseURL: base, apiKey: "k3y", base: "usd").absoluteString
                == "https://v6.exchangerate-api.com/v6/k3y/latest/USD")
        #expect(
            ExchangeRateAPI.latestURL(baseURL: base, apiKey: nil, base: "EUR").absoluteString
                == "https://v6.exchangerate-api.com/v6/latest/EUR")
    }

    @Test("the environment's API key selects ExchangeRate-API, else the ECB")
    func sourceFromEnvironment() throws {
        let keyed = try RateSource.fromEnvironment(["EXCHANGERATE_API_KEY": "abc"])
        #expect(
            keyed == .exchangeRateAPI(baseURL: try #require(URL(string: ExchangeRateAPI.defaultBaseURL)), apiKey: "abc")
        )
        #expect(try RateSource.fromEnvironment(["EXCHANGERATE_API_KEY": ""]).sourceName == "ecb")
        #expect(try RateSource.fromEnvironment([:]) == .ecb(url: try #require(URL(string: RateSource.ecbDailyURL))))
        #expect(throws: RateError.self) {
            try RateSource.fromEnvironment(["EXCHANGERATE_API_KEY": "k"], exchangeRateAPIBaseURL: "ftp://x")
        }
    }
}

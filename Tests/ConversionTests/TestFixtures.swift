import Foundation

/// Sample documents as the real services send them.
enum TestFixtures {
    /// An ExchangeRate-API v6 keyed answer for base USD, last updated 2026-10-31 00:00:01 UTC,
    /// next update 2026-11-01 00:00:01 UTC. Includes a non-ISO code (`FOK`).
    static func exchangeRateAPI(
        base: String = "USD",
        eur: String = "0.8951",
        last: Int = 1_793_404_801,
        next: Int = 1_793_491_201
    ) -> String {
        """
        {
          "result": "success",
          "documentation": "https://www.exchangerate-api.com/docs",
          "terms_of_use": "https://www.exchangerate-api.com/terms",
          "time_last_update_unix": \(last),
          "time_last_update_utc": "Sat, 31 Oct 2026 00:00:01 +0000",
          "time_next_update_unix": \(next),
          "time_next_update_utc": "Sun, 01 Nov 2026 00:00:01 +0000",
          "base_code": "\(base)",
          "conversion_rates": {
            "\(base)": 1,
            "EUR": \(eur),
            "JPY": 157.2502,
            "KWD": 0.30712,
            "FOK": 6.6893,
            "GBP": 0.746333
          }
        }
        """
    }

    /// The open-access variant, which names the rates `rates`.
    static let exchangeRateAPIOpen = """
        {"result":"success","provider":"https://www.exchangerate-api.com","time_last_update_unix":1793404951,\
        "time_next_update_unix":1793492461,"time_eol_unix":0,"base_code":"EUR",\
        "rates":{"EUR":1,"USD":1.1172,"CHF":0.9194}}
        """

    /// An API error answer.
    static func exchangeRateAPIError(_ type: String) -> String {
        #"{"result":"error","documentation":"https://www.exchangerate-api.com/docs","error-type":"\#(type)"}"#
    }

    /// The ECB daily XML for `day` with USD at `usd`.
    static func ecbXML(day: String = "2026-10-30", usd: String = "1.1172") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        \t<gesmes:subject>Reference rates</gesmes:subject>
        \t<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
        \t<Cube>
        \t\t<Cube time='\(day)'>
        \t\t\t<Cube currency='USD' rate='\(usd)'/>
        \t\t\t<Cube currency='JPY' rate='175.68'/>
        \t\t\t<Cube currency='GBP' rate='0.83380'/>
        \t\t</Cube>
        \t</Cube>
        </gesmes:Envelope>
        """
    }

    /// The ECB CSV of one day.
    static let ecbCSV = "Date, USD, JPY, \n2 November 2026, 1.1200, 176.00, \n"
}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("lensd-conversion-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

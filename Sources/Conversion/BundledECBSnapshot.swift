// The European Central Bank's euro foreign exchange reference rates for 30 October 2026,
// verbatim from the ECB's daily `eurofxref.zip` (`eurofxref.csv`), as copied from
// `shared/rates/ecb-eurofxref-2026-10-30.csv`. Source: https://www.ecb.europa.eu/stats/eurofxref/
// ECB reference rates may be reused provided the source is named.
//
// The text is kept as escaped single-line literals so that the ECB's trailing ", " on each row
// survives editors that strip trailing whitespace.

/// The embedded ECB reference-rate snapshot used when no other rates are available.
enum BundledECBSnapshot {
    /// The name the bundled table reports as its source.
    static let sourceName = "ecb-bundled"

    /// The snapshot's CSV text, byte for byte as the ECB published it.
    static let csv: String =
        "Date, USD, JPY, CZK, DKK, GBP, HUF, PLN, RON, SEK, CHF, ISK, NOK, TRY, AUD, BRL, CAD, CNY, HKD, IDR, ILS, INR, KRW, MXN, MYR, NZD, PHP, SGD, THB, ZAR, \n"
        + "30 October 2026, 1.1172, 175.68, 24.353, 7.4735, 0.83380, 366.33, 4.4038, 5.3447, 10.9780, 0.9194, 136.00, 10.3120, 55.8015, 1.5904, 6.0692, 1.5606, 7.4326, 8.7652, 20275.17, 3.4950, 106.0840, 1491.76, 21.1237, 4.5325, 1.9823, 71.143, 1.4282, 37.683, 18.6455, \n"
}

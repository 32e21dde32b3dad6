import Conversion
import Foundation

/// Conversions per second (Decimal arithmetic, rounding and formatting) with the bundled rates (`lensd microbench conversions`).
public enum ConversionBenchmark {
    /// Makes `count` conversions a run, `runs` timed runs.
    public static func run(count: Int, runs: Int) throws(MicrobenchError) -> MicrobenchSummary {
        let table: RateTable
        do throws(RateError) {
            table = try RateTable.bundled()
        } catch {
            throw MicrobenchError(error.description)
        }
        let converter = CurrencyConverter(rates: table, locale: Locale(identifier: "en_US"))
        let pairs = [("USD", "EUR"), ("EUR", "JPY"), ("GBP", "CHF"), ("CZK", "USD"), ("JPY", "KRW")]
        let amounts = (0..<97).map { Decimal($0 * 1_301 % 100_000) / 100 }
        var failures = 0, converted = 0
        let rates = Microbench.measure(runs: runs, work: count) {
            converted = 0
            for index in 0..<count {
                let (from, to) = pairs[index % pairs.count]
                do throws(ConversionError) {
                    converted += try converter.convert(amounts[index % amounts.count], from: from, to: to).formatted.isEmpty ? 0 : 1
                } catch {
                    failures += 1
                }
            }
        }
        guard failures == 0 else {
            throw MicrobenchError("\(failures) conversions failed")
        }
        return MicrobenchSummary(benchmark: "conversion", unit: "conversions/s", work: count, rates: rates, results: converted)
    }
}

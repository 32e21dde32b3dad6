import ArgumentParser
import Conversion
import Foundation
import Tracking

/// `lensd convert`: converts one amount with the same rates the daemon uses.
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an amount between currencies and show the rate, the rates' date and whether they are stale.",
        discussion: """
            AMOUNT may be written as printed: 12,99  1.299,00  1'299.00  $12.99  12.99 €. \
            A symbol or code in AMOUNT must agree with FROM. Exit status 2 for an amount or code lensd cannot read.
            Examples:
              lensd convert 12,99 EUR USD JPY
              lensd convert '$12.99' USD --json
            """)

    @Argument(help: "The amount, as printed.")
    var amount: String

    @Argument(help: ArgumentHelp("Its currency (ISO 4217).", valueName: "from"))
    var from: String

    @Argument(help: ArgumentHelp("Currencies to convert into (default: --base, else the locale's currency).", valueName: "to"))
    var targets: [String] = []

    @Option(help: ArgumentHelp("Your home currency: the rate table's base and the default target.", valueName: "code"))
    var base: String?

    @Option(help: ArgumentHelp("Locale for formatted amounts, e.g. en_US or de_DE.", valueName: "id"))
    var locale: String?

    @Flag(help: "Print one CONVERSION JSON line.")
    var json = false

    @OptionGroup var rateOptions: RateOptions

    /// Reports a bad amount or code and exits with status 2.
    private func reject(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("lensd convert: \(message)\n".utf8))
        return ExitCode(ExitStatus.usage)
    }

    func run() async throws {
        let resolvedLocale = locale.map(Locale.init(identifier:)) ?? Locale.current
        let from = from.uppercased()
        let base = (base ?? resolvedLocale.currency?.identifier ?? "EUR").uppercased()
        let targets = (targets.isEmpty ? [base] : targets).map { $0.uppercased() }
        for code in [from, base] + targets where !CurrencyCodes.isKnown(code) {
            throw reject("unknown currency code '\(code)': expected an ISO 4217 code such as USD or EUR")
        }
        let value = try readAmount(currency: from)

        let service: RateService
        do throws(RateError) {
            service = try rateOptions.makeService(base: base)
        } catch {
            FileHandle.standardError.write(Data("lensd convert: \(error.description)\n".utf8))
            throw ExitCode(ExitStatus.startupFailed)
        }
        await service.update()
        let snapshot = service.current
        let converter = CurrencyConverter(rates: snapshot.table, locale: resolvedLocale)
        var results: [ConversionMessage.Result] = []
        for target in targets {
            do throws(ConversionError) {
                let converted = try converter.convert(value, from: from, to: target)
                results.append(.init(
                    currency: target, amount: converted.plainAmount, formatted: converted.formatted,
                    rate: Self.sixDecimals(try snapshot.table.rate(from: from, to: target))))
            } catch {
                throw reject(error.description)
            }
        }
        let rates = RatesMessage(snapshot, now: Date())
        if json {
            EventStream().emit(ConversionMessage(
                amount: CurrencyCodes.plainString(value, currency: from), currency: from, results: results, rates: rates))
        } else {
            var lines = results.map { result in
                "\(converter.format(value, currency: from)) = \(result.formatted)   (1 \(from) = \(result.rate) \(result.currency))"
            }
            var source = "rates: \(rates.source) of \(rates.date) (\(rates.origin))"
            if rates.stale {
                source += " — STALE: \(rates.ageS / 86_400) days old"
            }
            lines.append(source)
            print(lines.joined(separator: "\n"))
        }
    }

    /// The amount written in `amount`, which must be one price and nothing else.
    private func readAmount(currency: String) throws -> Decimal {
        var configuration = PriceExtractor.Configuration()
        configuration.sourceCurrency = currency
        configuration.acceptsBareNumbers = true
        let text = amount.trimmingCharacters(in: .whitespaces)
        let prices = PriceExtractor(configuration: configuration).parse(text)
        guard prices.count == 1, let price = prices.first,
              text[..<price.span.lowerBound].allSatisfy(\.isWhitespace),
              text[price.span.upperBound...].allSatisfy(\.isWhitespace)
        else {
            throw reject("cannot read '\(amount)' as one amount (e.g. 12,99 or 1.299,00 or $12.99)")
        }
        guard price.currency == currency else {
            throw reject("'\(amount)' is written in \(price.currency), but FROM is \(currency)")
        }
        return price.amount
    }

    private static func sixDecimals(_ value: Decimal) -> String {
        var exact = value, rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 6, .plain)
        return "\(rounded)"
    }
}

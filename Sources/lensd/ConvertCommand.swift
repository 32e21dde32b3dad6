import ArgumentParser
import Conversion
import Foundation
import LensProtocol
import Pipeline
import PriceParsing
import Tracking

/// `lensd convert`: converts one amount with the same rates the daemon uses.
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an amount between currencies and show the rate, the rates' date and whether they are stale.",
        discussion: """
            AMOUNT is read in the notation of --locale: without one, `.` is the decimal point and `,`, \
            spaces or `'` group digits (1,500,000  1'299.00  999999999.99); with --locale de_DE, 1.299,00. \
            Any size is read exactly; more decimals than FROM has are converted as typed, with a note. \
            A currency sign or code in AMOUNT ($12.99, 12.99 €) must agree with FROM. \
            Exit status 2 for an amount or code lensd cannot read.
            Examples:
              lensd convert 12.99 EUR USD JPY
              lensd convert 12,99 EUR USD --locale de_DE
              lensd convert '$12.99' USD --json
            """)

    @Argument(help: "The amount, in the --locale's notation.")
    var amount: String

    @Argument(help: ArgumentHelp("Its currency (ISO 4217).", valueName: "from"))
    var from: String

    @Argument(help: ArgumentHelp("Currencies to convert into (default: --base, else the locale's currency).", valueName: "to"))
    var targets: [String] = []

    @Option(help: ArgumentHelp("Your home currency: the rate table's base and the default target.", valueName: "code"))
    var base: String?

    @Option(help: ArgumentHelp("Locale for reading AMOUNT and formatting amounts, e.g. en_US or de_DE.", valueName: "id"))
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
        var resolvedLocale = Locale.current
        if let locale {
            guard let known = LocaleOption.locale(locale) else { throw reject(LocaleOption.refusal(locale)) }
            resolvedLocale = known
        }
        let from = from.uppercased()
        let base = (base ?? resolvedLocale.currency?.identifier ?? "EUR").uppercased()
        let targets = (targets.isEmpty ? [base] : targets).map { $0.uppercased() }
        for code in [from, base] + targets where !CurrencyCodes.isKnown(code) {
            throw reject("unknown currency code '\(code)': expected an ISO 4217 code such as USD or EUR")
        }
        let typed = try readAmount(currency: from, notation: locale == nil ? .plain : TypedAmount.Notation(locale: resolvedLocale))
        let value = typed.value

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
            // An amount with more decimals than its currency is shown as typed, not rounded by the formatter.
            let shown = Self.extraDecimals(typed, currency: from) != nil ? "\(value) \(from)" : converter.format(value, currency: from)
            var lines = results.map { result in
                "\(shown) = \(result.formatted)   (1 \(from) = \(result.rate) \(result.currency))"
            }
            var source = "rates: \(rates.source) of \(rates.date) (\(rates.origin))"
            if rates.stale {
                source += " — STALE: \(rates.ageS / 86_400) days old"
            }
            if let failure = rates.lastError {
                source += "\nrates could not be updated: \(failure)"
            }
            lines.append(source)
            print(lines.joined(separator: "\n"))
        }
    }

    /// The amount written in `amount`: a number in the `--locale`'s notation (`.` decimals and
    /// `,`, space or `'` grouping without one), with at most a currency sign or code before or
    /// after it that agrees with FROM. More decimals than FROM has are kept, and said.
    private func readAmount(currency: String, notation: TypedAmount.Notation) throws -> TypedAmount {
        let text = amount.trimmingCharacters(in: .whitespaces)
        guard let first = text.firstIndex(where: \.isNumber), let last = text.lastIndex(where: \.isNumber) else {
            throw reject("cannot read '\(amount)' as an amount: it has no digits")
        }
        var start = first
        if start > text.startIndex, text[text.index(before: start)] == notation.decimalSeparator { start = text.index(before: start) }
        let marker = (before: text[..<start].trimmingCharacters(in: .whitespaces), after: text[text.index(after: last)...].trimmingCharacters(in: .whitespaces))
        let typed: TypedAmount
        do throws(TypedAmountError) {
            typed = try TypedAmount.parse(text[start...last], notation: notation)
        } catch {
            throw reject("\(error.description)\(Self.notationHint(notation))")
        }
        if marker.before == "-" || marker.before == "\u{2212}" { throw reject(TypedAmountError.negative(text).description) }
        if !marker.before.isEmpty || !marker.after.isEmpty {
            guard marker.before.isEmpty || marker.after.isEmpty else {
                throw reject("cannot read '\(amount)' as one amount: give a number with at most one currency sign or code")
            }
            let written = try currencyWritten(marker.before.isEmpty ? marker.after : marker.before, source: currency)
            guard written == currency else { throw reject("'\(amount)' is written in \(written), but FROM is \(currency)") }
        }
        if let minorUnits = Self.extraDecimals(typed, currency: currency) {
            FileHandle.standardError.write(Data(
                "lensd convert: note: \(text) has \(typed.decimals) decimals, \(currency) has \(minorUnits); converted as typed\n".utf8))
        }
        return typed
    }

    /// The currency's minor units when `typed` has more decimals than them, else nil.
    private static func extraDecimals(_ typed: TypedAmount, currency: String) -> Int? {
        guard let minorUnits = CurrencyCodes.minorUnits(of: currency), typed.decimals > minorUnits else { return nil }
        return minorUnits
    }

    /// The currency a sign or code beside a typed amount names, as the price reader resolves it
    /// (`$` is FROM when FROM is a dollar).
    private func currencyWritten(_ marker: String, source: String) throws -> String {
        var configuration = PriceExtractor.Configuration()
        configuration.sourceCurrency = source
        let extractor = PriceExtractor(configuration: configuration)
        for sample in ["\(marker)1", "1 \(marker)", "\(marker) 1"] {
            let prices = extractor.parse(sample)
            if prices.count == 1, let price = prices.first, sample[price.span].count == sample.count {
                return price.currency
            }
        }
        throw reject("cannot read '\(marker)' in '\(amount)' as a currency sign or code")
    }

    /// How the amount's notation could be changed, for an amount that did not read.
    private static func notationHint(_ notation: TypedAmount.Notation) -> String {
        notation.decimalSeparator == "."
            ? " (amounts read with a decimal point, as 1,299.00; for a decimal comma give --locale, e.g. --locale de_DE)"
            : " (amounts read with a decimal '\(notation.decimalSeparator)', as the --locale writes them)"
    }

    private static func sixDecimals(_ value: Decimal) -> String {
        var exact = value, rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 6, .plain)
        return "\(rounded)"
    }
}

import ArgumentParser
import Conversion
import Foundation
import Tracking

/// Options that choose the currencies prices are read in and converted to.
struct CurrencyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Currency of prices printed without a marker; resolves $, ¥, kr.", valueName: "code"))
    var source = "USD"

    @Option(name: .customLong("target"), help: ArgumentHelp("Currency to convert into; repeat for several.", valueName: "code"))
    var targets: [String] = ["EUR"]

    @Option(help: ArgumentHelp("Locale for formatted amounts, e.g. en_US or de_DE (default: from the environment).", valueName: "id"))
    var locale: String?

    @Flag(help: "Also read bare integers without a currency marker as prices.")
    var bareNumbers = false

    mutating func validate() throws {
        source = source.uppercased()
        targets = targets.map { $0.uppercased() }
        for code in [source] + targets where !CurrencyCodes.isKnown(code) {
            throw ValidationError("unknown currency code '\(code)': expected an ISO 4217 code such as USD or EUR")
        }
    }

    var resolvedLocale: Locale {
        locale.map(Locale.init(identifier:)) ?? Locale.current
    }

    var extractor: PriceExtractor {
        var configuration = PriceExtractor.Configuration()
        configuration.sourceCurrency = source
        configuration.acceptsBareNumbers = bareNumbers
        return PriceExtractor(configuration: configuration)
    }
}

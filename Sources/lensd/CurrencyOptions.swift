import ArgumentParser
import Conversion
import Foundation
import Pipeline
import PriceParsing
import Tracking

/// Options that choose the currencies prices are read in and converted to.
struct CurrencyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Currency of prices printed without a marker; resolves $, ¥, kr (default USD).", valueName: "code"))
    var source: String?

    @Option(
        name: .customLong("target"),
        help: ArgumentHelp("Currency to convert into; repeat for several (default: --base, else the locale's currency).", valueName: "code"))
    var targets: [String] = []

    @Option(help: ArgumentHelp("Your home currency: the rate table's base and the default --target.", valueName: "code"))
    var base: String?

    @Option(help: ArgumentHelp("Locale for formatted amounts, e.g. en_US or de_DE (default: from the environment).", valueName: "id"))
    var locale: String?

    @Option(help: ArgumentHelp("JSON file of named currency presets.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Preset from --config to start with.", valueName: "name"))
    var preset: String?

    @Flag(help: "Also read bare integers without a currency marker as prices.")
    var bareNumbers = false

    /// The currencies in force once presets and defaults are applied.
    struct Selection: Sendable, Equatable {
        var source: String
        var targets: [String]
        var base: String
    }

    func validate() throws {
        if preset != nil, config == nil {
            throw ValidationError("--preset needs --config FILE")
        }
        if let locale, LocaleOption.locale(locale) == nil { throw ValidationError(LocaleOption.refusal(locale)) }
    }

    /// Applies the preset, the defaults and checks every code.
    func resolve() throws -> Selection {
        var chosen: PresetFile.Preset?
        if let config, let preset {
            do throws(PresetFile.LoadError) {
                chosen = try PresetFile.load(path: config).preset(named: preset, path: config)
            } catch {
                throw ValidationError(error.description)
            }
        }
        let localeCurrency = resolvedLocale.currency?.identifier.uppercased()
        let base = (base ?? localeCurrency.flatMap { CurrencyCodes.isKnown($0) ? $0 : nil } ?? "EUR").uppercased()
        let source = (source ?? chosen?.source ?? "USD").uppercased()
        let targets = (targets.isEmpty ? (chosen?.targets ?? [base]) : targets).map { $0.uppercased() }
        for code in [source, base] + targets where !CurrencyCodes.isKnown(code) {
            throw ValidationError("unknown currency code '\(code)': expected an ISO 4217 code such as USD or EUR")
        }
        return Selection(source: source, targets: targets, base: base)
    }

    /// The presets of `--config` for `preset` control messages (none without `--config`), read once at start.
    func presets() throws -> [String: PresetFile.Preset] {
        guard let config else { return [:] }
        do throws(PresetFile.LoadError) {
            return try PresetFile.load(path: config).presets
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The `--locale` (checked by ``validate()``), else the environment's.
    var resolvedLocale: Locale {
        locale.flatMap(LocaleOption.locale) ?? Locale.current
    }

    func extractor(source: String) -> PriceExtractor {
        var configuration = PriceExtractor.Configuration()
        configuration.sourceCurrency = source
        configuration.acceptsBareNumbers = bareNumbers
        return PriceExtractor(configuration: configuration)
    }
}

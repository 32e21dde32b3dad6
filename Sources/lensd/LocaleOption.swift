import Foundation

/// Reads a `--locale` identifier: one of Foundation's locales (`de_DE`, `en`, `fr-CH`, and the
/// POSIX spellings `de_DE.UTF-8` and `C`), so that a mistyped one is refused instead of quietly
/// formatting and reading amounts in some fallback notation.
enum LocaleOption {
    /// The locale `identifier` names, or nil when Foundation has no such locale.
    static func locale(_ identifier: String) -> Locale? {
        if ["C", "POSIX", "en_US_POSIX"].contains(identifier) { return Locale(identifier: "en_US_POSIX") }
        var name = Substring(identifier)
        if let suffix = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<suffix] }
        let canonical = name.replacingOccurrences(of: "-", with: "_")
        guard known.contains(canonical) else { return nil }
        return Locale(identifier: identifier.contains("@") ? identifier : canonical)
    }

    /// Why `identifier` was refused.
    static func refusal(_ identifier: String) -> String {
        "unknown locale '\(identifier)': expected one such as en_US, de_DE or ja_JP"
    }

    private static let known = Set(Locale.availableIdentifiers)
}

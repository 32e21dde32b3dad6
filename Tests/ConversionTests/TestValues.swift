import Foundation

/// Parses an ISO 8601 instant such as `"2026-10-30T15:00:00Z"` for tests; the epoch if malformed,
/// which makes the calling test fail visibly.
func instant(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text) ?? Date(timeIntervalSince1970: 0)
}

/// Parses a decimal literal for tests; NaN if malformed, which makes the calling test fail.
func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}

import Foundation

/// A reference day as the ECB writes it, in its CSV (`"30 October 2026"`) or XML and
/// historical files (`"2026-10-30"`).
struct ECBDate: Sendable, Hashable {
    let year: Int
    let month: Int
    let day: Int

    /// English month names from Foundation's POSIX locale, "January" first.
    private static let monthNames: [String] = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.monthSymbols.map { $0.lowercased() }
    }()

    /// Reads `"30 October 2026"` (month name in English, any case) or `"2026-10-30"`.
    init?(_ text: Substring) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let dashed = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        let spaced = trimmed.split(separator: " ", omittingEmptySubsequences: true)
        if dashed.count == 3, dashed[0].count == 4, dashed[1].count == 2, dashed[2].count == 2,
            let year = Int(dashed[0]), let month = Int(dashed[1]), let day = Int(dashed[2])
        {
            self.init(year: year, month: month, day: day)
        } else if spaced.count == 3, let day = Int(spaced[0]), let year = Int(spaced[2]),
            let monthIndex = Self.monthNames.firstIndex(of: spaced[1].lowercased())
        {
            self.init(year: year, month: monthIndex + 1, day: day)
        } else {
            return nil
        }
    }

    private init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), ECBSchedule.publicationTime(year: year, month: month, day: day) != nil else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day as ISO 8601 `yyyy-MM-dd`.
    var iso: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// 16:00 Frankfurt time on this day, when the ECB publishes.
    var publicationTime: Date {
        ECBSchedule.publicationTime(year: year, month: month, day: day) ?? Date(timeIntervalSince1970: 0)
    }
}

import Foundation

/// The ECB's publication schedule: reference rates appear around 16:00 Frankfurt time
/// (CET/CEST, `Europe/Berlin`) on working days, Monday to Friday.
enum ECBSchedule {
    /// Frankfurt's time zone; a fixed UTC+1 (CET) if the zone database lacks it.
    static let timeZone: TimeZone = TimeZone(identifier: "Europe/Berlin") ?? TimeZone(secondsFromGMT: 3600) ?? .gmt

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// 16:00 Frankfurt time on the given day, or `nil` if the day does not exist.
    static func publicationTime(year: Int, month: Int, day: Int) -> Date? {
        let components = DateComponents(year: year, month: month, day: day, hour: 16)
        let calendar = calendar
        guard let date = calendar.date(from: components) else {
            return nil
        }
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        guard check.year == year, check.month == month, check.day == day else {
            return nil
        }
        return date
    }

    /// 16:00 Frankfurt time on the first Monday–Friday strictly after the day of `date`.
    static func nextPublication(after date: Date) -> Date {
        let calendar = calendar
        let startOfDay = calendar.startOfDay(for: date)
        var day = startOfDay
        repeat {
            day = calendar.date(byAdding: .day, value: 1, to: day) ?? day.addingTimeInterval(86_400)
        } while calendar.isDateInWeekend(day)
        return calendar.date(bySettingHour: 16, minute: 0, second: 0, of: day) ?? day.addingTimeInterval(16 * 3600)
    }
}

import Foundation

/// One reading of a running process from `/proc/PID/stat` and `/proc/PID/status`.
struct ProcessSample: Codable, Equatable, Sendable {
    /// Seconds since the process was started.
    var seconds: Double
    /// User plus system CPU seconds so far.
    var cpuSeconds: Double
    /// Resident memory now (`VmRSS`).
    var rssBytes: Int

    /// Reads process `pid` now, or nil when it is gone (or `/proc` is not there).
    static func read(pid: pid_t, seconds: Double) -> ProcessSample? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let cpu = cpuSeconds(stat: stat), let rss = rssBytes(status: status)
        else { return nil }
        return ProcessSample(seconds: seconds, cpuSeconds: cpu, rssBytes: rss)
    }

    /// `utime + stime` (fields 14 and 15 of `/proc/PID/stat`) in seconds.
    static func cpuSeconds(stat: String) -> Double? {
        // The command name (field 2) is in parentheses and may contain spaces: count fields after its ')'.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); utime is field 14, stime field 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// `VmRSS` of `/proc/PID/status` in bytes.
    static func rssBytes(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        let parts = line.split { $0 == " " || $0 == "\t" }
        guard parts.count >= 2, let kilobytes = Int(parts[1]) else { return nil }
        return kilobytes * 1024
    }
}

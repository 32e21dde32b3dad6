/// Which step of ``RateService``'s fallback order the table in use comes from.
public enum RateOrigin: String, Sendable, Hashable, CustomStringConvertible {
    /// Fetched from the network source by this process and still valid.
    case network
    /// Read from the on-disk cache and still valid.
    case cache
    /// A cached or fetched table past its validity, kept because the source is unreachable.
    case expiredCache = "expired-cache"
    /// The `--rates` file.
    case file
    /// The snapshot built into the binary.
    case bundled

    public var description: String {
        rawValue
    }
}

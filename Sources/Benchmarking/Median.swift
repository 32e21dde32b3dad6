/// The median of repeated measurements.
enum Median {
    /// The middle value, or the mean of the two middle values of an even count; nil for no value.
    static func of(_ values: [Double]) -> Double? {
        let sorted = values.filter { $0.isFinite }.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The median of the values present; nil when no run has one.
    static func of(_ values: [Double?]) -> Double? {
        of(values.compactMap { $0 })
    }
}

/// CPU and memory of a process over time, from ``ProcessSample``s in time order.
struct ResourceSeries: Sendable {
    /// Resident memory over a span of the run.
    struct Memory: Equatable, Sendable {
        var first: Int
        var last: Int
        var min: Int
        var max: Int
        /// `(last − first) / first`, in percent.
        var driftPercent: Double { first > 0 ? Double(last - first) / Double(first) * 100 : 0 }
    }

    let samples: [ProcessSample]

    /// CPU use in percent of one core between the first sample at or after `start` seconds and the
    /// last sample; nil when they are less than `minimumSpan` seconds apart.
    func cpuPercent(from start: Double, minimumSpan: Double = 0.9) -> Double? {
        guard let first = samples.first(where: { $0.seconds >= start }), let last = samples.last,
              last.seconds - first.seconds >= minimumSpan
        else { return nil }
        return (last.cpuSeconds - first.cpuSeconds) / (last.seconds - first.seconds) * 100
    }

    /// CPU use over the second half of the sampled time (the steady state of a run).
    var steadyCPUPercent: Double? {
        guard let last = samples.last else { return nil }
        return cpuPercent(from: last.seconds / 2)
    }

    /// Resident memory over the samples taken at or after `start` seconds, or nil without any.
    func memory(from start: Double) -> Memory? {
        let span = samples.filter { $0.seconds >= start }.map(\.rssBytes)
        guard let first = span.first, let last = span.last, let low = span.min(), let high = span.max() else { return nil }
        return Memory(first: first, last: last, min: low, max: high)
    }
}

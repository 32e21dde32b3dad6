import Capture
import Foundation

/// What the micro-benchmarks (`lensd microbench`) share: timed runs, a recording's frames, JSON output.
public enum Microbench {
    /// Times `body` `runs` times after one warm-up; returns work items per second for each run.
    public static func measure(runs: Int, work: Int, _ body: () -> Void) -> [Double] {
        body()
        let clock = ContinuousClock()
        return (0..<runs).map { _ in
            let elapsed = clock.measure(body)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            return seconds > 0 ? Double(work) / seconds : 0
        }
    }

    /// Every frame of a recording (a Y4M file or an image directory), in memory.
    public static func frames(at path: String) throws(MicrobenchError) -> [Frame] {
        var frames: [Frame] = []
        do throws(ReplayError) {
            let source = try ReplaySource.open(paths: [path])
            while let event = try source.next() {
                if case .frame(let frame) = event { frames.append(frame) }
            }
        } catch {
            throw MicrobenchError(error.description)
        }
        guard !frames.isEmpty else { throw MicrobenchError("\(path): no frames") }
        return frames
    }

    /// Prints `value` as one JSON object with sorted keys.
    public static func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        Swift.print(String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self))
    }
}

/// Why a micro-benchmark could not run: its input or its model could not be read, or its work failed.
public struct MicrobenchError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Median, minimum and maximum of per-run rates.
public struct MicrobenchSummary: Encodable {
    var benchmark: String
    var unit: String
    var work: Int
    var runs: Int
    var median: Double
    var minimum: Double
    var maximum: Double
    /// What the measured work produced in one run (prices found, conversions made): a check that it ran.
    var results: Int

    public init(benchmark: String, unit: String, work: Int, rates: [Double], results: Int) {
        let sorted = rates.sorted()
        self.benchmark = benchmark
        self.unit = unit
        self.work = work
        self.runs = rates.count
        self.median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        self.minimum = sorted.first ?? 0
        self.maximum = sorted.last ?? 0
        self.results = results
    }

    public func print(json: Bool) {
        if json {
            Microbench.printJSON(self)
        } else {
            Swift.print("\(benchmark): median \(Int(median)) \(unit) (min \(Int(minimum)), max \(Int(maximum)); \(runs) runs of \(work), \(results) results each)")
        }
    }
}

/// Milliseconds per work item over runs measured as rates (``Microbench/measure(runs:work:_:)``).
public struct MicrobenchMilliseconds {
    public var median: Double
    public var minimum: Double
    public var maximum: Double
    public var runs: Int

    public init(rates: [Double]) {
        let sorted = rates.map { $0 > 0 ? 1000 / $0 : 0 }.sorted()
        median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        minimum = sorted.first ?? 0
        maximum = sorted.last ?? 0
        runs = sorted.count
    }
}

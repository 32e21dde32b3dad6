import Foundation
import LensProtocol
import Testing
@testable import Benchmarking

@Suite("lensd bench figures")
struct BenchFiguresTests {
    @Test("the median of an odd number of values is the middle one, of an even number the mean of the middle two")
    func median() {
        #expect(Median.of([3.0, 1, 2]) == 2)
        #expect(Median.of([4.0, 1, 3, 2]) == 2.5)
        #expect(Median.of([Double]()) == nil)
        #expect(Median.of([nil, 5.0, nil]) == 5)
    }

    @Test("the median of runs takes each figure and each latency percentile separately and skips missing ones")
    func medianOfRuns() throws {
        func run(fps: Double, cpu: Double?, recall: Double?, p99: Double) -> BenchFigures {
            var figures = BenchFigures()
            figures.fpsOut = fps
            figures.cpuPercentSteady = cpu
            figures.recall = recall
            figures.latency = StageLatenciesMessage(ocr: LatencySummary(p50: p99 / 2, p95: p99 - 1, p99: p99, max: p99 + 1, count: 10))
            return figures
        }
        let median = BenchFigures.median(of: [
            run(fps: 30, cpu: 20, recall: 0.5, p99: 40),
            run(fps: 10, cpu: nil, recall: 0.9, p99: 90),
            run(fps: 20, cpu: 24, recall: 0.7, p99: 50),
        ])
        #expect(median.fpsOut == 20)
        #expect(median.cpuPercentSteady == 22)
        #expect(median.recall == 0.7)
        #expect(median.precision == nil)
        let ocr = try #require(median.latency?.ocr)
        #expect(ocr.p99 == 50 && ocr.p50 == 25 && ocr.max == 51 && ocr.count == 10)
        #expect(median.latency?.endToEnd == nil)
    }

    @Test("CPU percent over a window and memory drift come from /proc samples")
    func resourceSeries() throws {
        let samples = (0...10).map { index in
            ProcessSample(seconds: Double(index) * 0.5, cpuSeconds: Double(index) * 0.1, rssBytes: 100 + (index == 10 ? 5 : 0))
        }
        let series = ResourceSeries(samples: samples)
        #expect(abs((series.steadyCPUPercent ?? 0) - 20) < 1e-9)
        #expect(series.cpuPercent(from: 4.8) == nil)
        let memory = try #require(series.memory(from: 1))
        #expect(memory.first == 100 && memory.last == 105 && memory.max == 105 && memory.min == 100)
        #expect(abs(memory.driftPercent - 5) < 1e-9)
    }

    @Test("/proc/PID/stat and status parse, command names with spaces and parentheses included")
    func procParsing() {
        let stat = "1234 (lensd (x) y) S 1 1234 1234 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 3 0 100 1000 500"
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        #expect(ProcessSample.cpuSeconds(stat: stat) == 300 / ticks)
        #expect(ProcessSample.rssBytes(status: "Name:\tlensd\nVmRSS:\t   91200 kB\nThreads:\t5\n") == 91200 * 1024)
        #expect(ProcessSample.rssBytes(status: "Name:\tlensd\n") == nil)
    }
}

import LensProtocol
import Testing
@testable import Pipeline

@Suite("Latency histograms")
struct LatencyHistogramTests {
    @Test("a histogram summarises percentiles, maximum and count in milliseconds")
    func summaryOfKnownSamples() throws {
        let histogram = LatencyHistogram()
        #expect(histogram.summary() == nil)
        for value in 1...100 { histogram.record(milliseconds: Double(value)) }
        let summary = try #require(histogram.summary())
        #expect(summary.count == 100)
        // 3 significant digits: within 0.1 % of the exact nearest-rank values.
        #expect(abs(summary.p50 - 50) <= 0.05)
        #expect(abs(summary.p95 - 95) <= 0.1)
        #expect(abs(summary.p99 - 99) <= 0.1)
        #expect(abs(summary.max - 100) <= 0.1)
    }

    @Test("sub-millisecond values keep microsecond resolution; out-of-range ones are clamped, not lost")
    func resolutionAndClamping() throws {
        let histogram = LatencyHistogram()
        histogram.record(milliseconds: 0.25)
        histogram.record(milliseconds: -3)
        histogram.record(milliseconds: .nan)
        histogram.record(milliseconds: 3_600_000)
        let summary = try #require(histogram.summary())
        #expect(summary.count == 4)
        #expect(abs(summary.p50 - 0.25) <= 0.001 || summary.p50 == 0)
        #expect(abs(summary.max - 60_000) <= 60)
    }

    @Test("stage latencies report only stages with samples, and nothing before any")
    func stagesWithoutSamplesAreAbsent() throws {
        let latencies = StageLatencies()
        #expect(latencies.message() == nil)
        latencies.record(.ocr, milliseconds: 12)
        latencies.record(.endToEnd, milliseconds: 30)
        let message = try #require(latencies.message())
        #expect(message.ocr?.count == 1)
        #expect(message.endToEnd?.count == 1)
        #expect(message.queue == nil && message.frame == nil)
    }

    @Test("the final STATS carries the latency histograms and the time to the first OVERLAYS; periodic lines do not")
    func finalStatsCarriesLatency() throws {
        let metrics = PipelineMetrics()
        let stats = StatsReporter(metrics: metrics)
        metrics.record(.frame, milliseconds: 2)
        metrics.recordOverlaysEmitted(at: metrics.started.advanced(bySeconds: 0.25))
        metrics.recordOverlaysEmitted(at: metrics.started.advanced(bySeconds: 0.5))
        let final = stats.final()
        #expect(final.latency?.frame?.count == 1)
        #expect(final.firstOverlaysMs == 250)
        let periodic = stats.periodic()
        #expect(periodic.latency == nil && periodic.firstOverlaysMs == nil)
    }

    @Test("the final STATS adds up scheduled OCR jobs per kind: how many ran, their CPU seconds, how many were dropped")
    func finalStatsCarriesJobTotals() throws {
        let metrics = PipelineMetrics()
        let stats = StatsReporter(metrics: metrics)
        #expect(stats.final().ocrJobs == nil)
        metrics.ocrJobs.record(kind: "read", cpu: .milliseconds(20))
        metrics.ocrJobs.record(kind: "read", cpu: .milliseconds(30))
        metrics.ocrJobs.recordDropped(kind: "read")
        metrics.ocrJobs.record(kind: "whole_frame", cpu: .milliseconds(300))
        metrics.recordOCRQueueDepth(3)
        let final = stats.final()
        let jobs = try #require(final.ocrJobs)
        #expect(jobs["read"] == OCRJobTotalsMessage(count: 2, cpuSeconds: 0.05, dropped: 1))
        #expect(jobs["whole_frame"] == OCRJobTotalsMessage(count: 1, cpuSeconds: 0.3, dropped: 0))
        #expect(jobs["scan"] == nil)
        #expect(final.ocrQueueMaxDepth == 3)
        #expect(stats.periodic().ocrJobs == nil)
    }

    @Test("a run that schedules OCR jobs reports its job totals and queue depth even when no job ran")
    func finalStatsOfAScheduledRunWithoutJobs() throws {
        let metrics = PipelineMetrics()
        let stats = StatsReporter(metrics: metrics)
        metrics.ocrJobs.open()
        #expect(stats.final().ocrJobs == [:])
        #expect(stats.final().ocrQueueMaxDepth == 0)
        metrics.recordOCRQueueDepth(1)
        metrics.ocrJobs.recordDropped(kind: "scan")
        let final = stats.final()
        #expect(final.ocrJobs == ["scan": OCRJobTotalsMessage(count: 0, cpuSeconds: 0, dropped: 1)])
        #expect(final.ocrQueueMaxDepth == 1)
    }
}

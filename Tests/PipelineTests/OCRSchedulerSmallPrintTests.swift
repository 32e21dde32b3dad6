import Capture
import OCR
import SceneAnalysis
import TestSupport
import Testing
import Tracking
@testable import Pipeline

/// A tag's small print, which scans leave unread (``SmallPrint``), is read once the taller line
/// beside it turns out to hold no price.
@Suite("OCRScheduler: small print")
struct OCRSchedulerSmallPrintTests {
    typealias Settled = OCRSchedulerSettledLineTests
    static let taller = PixelRect(x: 40, y: 40, width: 160, height: 30)
    static let small = PixelRect(x: 40, y: 76, width: 120, height: 12)

    /// A scheduler whose first scan left `small` unread beside `taller`, and whose read of
    /// `taller` found `text`; and the jobs it plans for the next frame.
    static func nextPlan(tallerReadAs text: String) throws -> [OCRJob] {
        var scheduler = OCRScheduler(configuration: Settled.configuration())
        let first = try GlyphLineFrame.frame(seed: 7)
        scheduler.observe(Settled.still(), width: Settled.width, height: Settled.height)
        let scan = scheduler.plan(frame: first, time: 0, tracks: [], queueEmpty: true)
        var scanned = Settled.result(of: scan[0], in: first)
        scanned.smallPrint = [SmallPrint.Line(line: small, beside: taller)]
        scheduler.completed(scanned, offset: .identity)
        let region = TextRegion(box: OCRRect(x: 40, y: 40, width: 160, height: 30), level: 0)
        let read = OCRJob(kind: .read([region]), priority: .newRegions, frame: first, time: 0)
        var readResult = Settled.result(of: read, in: first)
        readResult.lines = [OCRLine(text: text, box: OCRRect(x: 44, y: 42, width: 150, height: 26), confidence: 0.9, words: [])]
        scheduler.completed(readResult, offset: .identity)
        var next = try GlyphLineFrame.frame(seed: 7)
        next.sequence = 1
        scheduler.observe(Settled.still(), width: Settled.width, height: Settled.height)
        return scheduler.plan(frame: next, time: 1.0 / 30, tracks: [], queueEmpty: true)
    }

    @Test("reads the small print beside a line once that line is read and holds no price")
    func smallPrintBesideAHeadingIsRead() throws {
        let jobs = try Self.nextPlan(tallerReadAs: "COFFEE")
        let scan = try #require(jobs.compactMap { job -> (lines: [PixelRect], noPrice: [PixelRect])? in
            if case .scan(_, _, let lines, _, _, _, let noPrice) = job.kind { return (lines, noPrice) }
            return nil
        }.first)
        #expect(scan.lines.contains(Self.small))
        #expect(scan.noPrice.contains { $0.intersectionOverUnion(Self.taller) > 0.9 })
    }

    @Test("leaves the small print beside a line read as a price unread")
    func smallPrintBesideAPriceStaysUnread() throws {
        for text in ["$12.99", "12,99", "USD 12.9"] {
            let jobs = try Self.nextPlan(tallerReadAs: text)
            for job in jobs {
                if case .scan(_, _, let lines, _, _, _, let noPrice) = job.kind {
                    #expect(!lines.contains(Self.small), "\(text)")
                    #expect(noPrice.isEmpty, "\(text)")
                }
            }
        }
    }
}

import Capture
import OCR
import SceneAnalysis
import TextDetection
import Testing
import Tracking
@testable import Pipeline

/// The scheduler's ways with the text detector: scans of a few squares, retries read directly.
@Suite("OCRScheduler with the detector")
struct OCRSchedulerDetectorTests {
    static let width = OCRSchedulerTests.width, height = OCRSchedulerTests.height

    static func configuration() -> OCRScheduler.Configuration {
        var configuration = OCRSchedulerTests.noWholeFrames()
        configuration.scanBlocks = 4
        configuration.retriesReadDetectedLines = true
        configuration.retries = 2
        return configuration
    }

    @Test func aScanTakesAFewSquaresAndTheNextScansTheRest() throws {
        var scheduler = OCRScheduler(configuration: Self.configuration())
        var covered = CellMask(cellSize: 16, frameWidth: Self.width, frameHeight: Self.height)
        var scans = 0
        for sequence in 0..<10 {
            scheduler.observe(OCRSchedulerTests.still(), width: Self.width, height: Self.height)
            for job in scheduler.plan(frame: try OCRSchedulerTests.frame(UInt64(sequence)), time: Double(sequence) / 30, tracks: [], queueEmpty: true) {
                if let mask = OCRSchedulerTests.scanMask([job]) {
                    #expect(ScanBudgetTests.squares(mask).count <= 4)
                    covered.formUnion(mask)
                    scans += 1
                }
                scheduler.completed(OCRSchedulerTests.result(of: job), offset: .identity)
            }
        }
        #expect(scans == 3)
        #expect(covered.count == covered.columns * covered.rows)
    }

    @Test func aDetectedLineThatHeldNoPriceIsReadAgainDirectlyWhereThePanMovedIt() throws {
        var scheduler = OCRScheduler(configuration: Self.configuration())
        scheduler.observe(OCRSchedulerTests.still(), width: Self.width, height: Self.height)
        let box = TextBox(x: 300, y: 88, width: 36, height: 16)
        let line = TextRegion(detected: box)
        var first = scheduler.plan(frame: try OCRSchedulerTests.frame(0), time: 0, tracks: [], queueEmpty: true)
        while !first.isEmpty {
            for job in first { scheduler.completed(OCRSchedulerTests.result(of: job), offset: .identity) }
            scheduler.observe(OCRSchedulerTests.still(), width: Self.width, height: Self.height)
            first = scheduler.plan(frame: try OCRSchedulerTests.frame(0), time: 0, tracks: [], queueEmpty: true)
        }
        // Read, with nothing found on it.
        scheduler.completed(
            OCRSchedulerTests.result(of: OCRJob(kind: .read([line]), priority: .newRegions, frame: try OCRSchedulerTests.frame(0), time: 0)),
            offset: .identity)
        var rereads: [TextRegion] = []
        for sequence in 1..<40 {
            scheduler.observe(OCRSchedulerTests.moved(dx: -6, dy: 0), width: Self.width, height: Self.height)
            let frame = try OCRSchedulerTests.frame(UInt64(sequence))
            for job in scheduler.plan(frame: frame, time: Double(sequence) / 30, tracks: [], queueEmpty: true) {
                switch job.kind {
                case .read(let regions, _, _, _, _):
                    #expect(job.priority == .tentative)
                    let moved = try #require(regions.first?.detected)
                    // Where the pan took it by this frame.
                    #expect(abs(moved.center.x - (box.center.x - 6 * Double(sequence))) < 0.01)
                    #expect(abs(moved.center.y - box.center.y) < 0.01)
                    rereads += regions
                    scheduler.completed(OCRSchedulerTests.result(of: job), offset: .identity)
                case .scan(let mask, _, let forcedLines, _, _, _, _):
                    // The pan's new strip, never the line again.
                    #expect(!forcedLines.contains { $0.intersection(OCRJobRunner.rect(line.box)) != nil })
                    #expect(!mask.intersects(PixelRect(x: 300 - 6 * Double(sequence) + 8, y: 92, width: 20, height: 8)))
                    scheduler.completed(OCRSchedulerTests.result(of: job), offset: .identity)
                default:
                    scheduler.completed(OCRSchedulerTests.result(of: job), offset: .identity)
                }
            }
        }
        #expect(rereads.count == 2)
    }

    /// The first frame read whole, with no text found, so that only what the pan brings in is unread.
    static func scannedWhole(_ scheduler: inout OCRScheduler) throws {
        var jobs = scheduler.plan(frame: try OCRSchedulerTests.frame(0), time: 0, tracks: [], queueEmpty: true)
        while !jobs.isEmpty {
            for job in jobs { scheduler.completed(OCRSchedulerTests.result(of: job), offset: .identity) }
            scheduler.observe(OCRSchedulerTests.still(), width: Self.width, height: Self.height)
            jobs = scheduler.plan(frame: try OCRSchedulerTests.frame(0), time: 0, tracks: [], queueEmpty: true)
        }
    }

    @Test func aPansIncomingSliverWaitsUntilAWordsWidthHasComeIn() throws {
        var configuration = Self.configuration()
        configuration.ripeAge = 10
        var scheduler = OCRScheduler(configuration: configuration)
        scheduler.observe(OCRSchedulerTests.still(), width: Self.width, height: Self.height)
        try Self.scannedWhole(&scheduler)
        // 8 pixels a frame come into view on the right: a 160-pixel square column is ripe at 30 %
        // of it, 48 pixels, after 6 frames.
        var scanned: Set<[Int]> = []
        let firstScan = try Self.firstScan(&scheduler, dx: -8) { mask in scanned = ScanBudgetTests.squares(mask) }
        #expect(scanned == [[3, 0], [3, 1], [3, 2]])
        #expect(firstScan == 6)
    }

    @Test func aSliverIsScannedOnceItHasWaitedLongEnough() throws {
        var configuration = Self.configuration()
        configuration.ripeShare = 1
        configuration.ripeAge = 0.19
        var scheduler = OCRScheduler(configuration: configuration)
        scheduler.observe(OCRSchedulerTests.still(), width: Self.width, height: Self.height)
        try Self.scannedWhole(&scheduler)
        let firstScan = try Self.firstScan(&scheduler, dx: -2)
        // The first cells came in on frame 8 (16 pixels): 0.19 s later, frame 14.
        #expect(firstScan == 14)
    }

    /// The first frame, of a pan moving `dx` pixels a frame, whose plan holds a scan; `onScan` gets its mask.
    private static func firstScan(
        _ scheduler: inout OCRScheduler, dx: Double, onScan: (CellMask) -> Void = { _ in }
    ) throws -> Int? {
        for sequence in 1..<20 {
            scheduler.observe(OCRSchedulerTests.moved(dx: dx, dy: 0), width: width, height: height)
            let jobs = scheduler.plan(
                frame: try OCRSchedulerTests.frame(UInt64(sequence)), time: Double(sequence) / 30, tracks: [], queueEmpty: true)
            if let mask = OCRSchedulerTests.scanMask(jobs) {
                onScan(mask)
                return sequence
            }
            for job in jobs { scheduler.completed(OCRSchedulerTests.result(of: job), offset: .identity) }
        }
        return nil
    }
}

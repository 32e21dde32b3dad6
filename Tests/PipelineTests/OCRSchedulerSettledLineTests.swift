import Capture
import OCR
import SceneAnalysis
import TestSupport
import Testing
import Tracking
@testable import Pipeline

/// Lines whose read showed nothing a price could be made of (product names, article numbers): no
/// reads for a change of their pixels while their picture (``LineAppearance``) still shows the
/// same text.
@Suite("OCRScheduler: settled lines")
struct OCRSchedulerSettledLineTests {
    static let width = GlyphLineFrame.width, height = GlyphLineFrame.height
    static let line = GlyphLineFrame.line

    static func configuration() -> OCRScheduler.Configuration {
        var configuration = OCRScheduler.Configuration()
        configuration.wholeFramePasses = false
        return configuration
    }

    /// A scheduler that has scanned the first frame and read `line` on it as `text`.
    static func scheduler(readingLineAs text: String, configuration: OCRScheduler.Configuration = configuration()) throws -> OCRScheduler {
        var scheduler = OCRScheduler(configuration: configuration)
        let first = try GlyphLineFrame.frame(seed: 7)
        scheduler.observe(still(), width: width, height: height)
        let scan = scheduler.plan(frame: first, time: 0, tracks: [], queueEmpty: true)
        scheduler.completed(result(of: scan[0], in: first), offset: .identity)
        let region = TextRegion(box: OCRRect(x: Int(line.x), y: Int(line.y), width: Int(line.width), height: Int(line.height)), level: 0)
        let read = OCRJob(kind: .read([region]), priority: .newRegions, frame: first, time: 0)
        var readResult = result(of: read, in: first)
        readResult.lines = [OCRLine(text: text, box: OCRRect(x: 44, y: 42, width: 150, height: 20), confidence: 0.9, words: [])]
        readResult.appearances = [LineAppearance(of: line, in: first)]
        scheduler.completed(readResult, offset: .identity)
        return scheduler
    }

    static func still() -> SceneChange {
        SceneChange(motion: .identity, isStill: true, changed: CellMask(cellSize: 16, frameWidth: width, frameHeight: height))
    }

    static func result(of job: OCRJob, in frame: Frame) -> OCRJobResult {
        OCRJobResult(job: job.id, kind: job.kind, frameSequence: frame.sequence, frameTime: job.time, frameWidth: frame.width, frameHeight: frame.height)
    }

    /// Plans frame `sequence`, showing the strokes of `seed` (blurred), whose pixels changed
    /// under the line; completes its scan as if nothing were read. Whether the scan must read
    /// the line: forced (its cells or itself), or not known.
    static func linePlanned(_ scheduler: inout OCRScheduler, sequence: UInt64, seed: UInt64, tracks: [TrackSummary] = []) throws -> Bool {
        try plan(&scheduler, sequence: sequence, seed: seed, tracks: tracks).readsLine
    }

    /// ``linePlanned(_:sequence:seed:tracks:)``, and whether a scan was planned over the line's
    /// cells at all (to propose lines there), read or not.
    static func plan(
        _ scheduler: inout OCRScheduler, sequence: UInt64, seed: UInt64, tracks: [TrackSummary] = []
    ) throws -> (readsLine: Bool, scansAround: Bool) {
        var changed = CellMask(cellSize: 16, frameWidth: width, frameHeight: height)
        changed.set(line)
        scheduler.observe(SceneChange(motion: .identity, isStill: false, changed: changed), width: width, height: height)
        var frame = try GlyphLineFrame.frame(seed: seed, blur: Int(sequence % 3))
        frame.sequence = sequence
        let time = Double(sequence) / 30
        var planned = (readsLine: false, scansAround: false)
        for job in scheduler.plan(frame: frame, time: time, tracks: tracks, queueEmpty: false) {
            if case .scan(let unread, let forced, let lines, _, let known, _, _) = job.kind {
                planned = (OCRJobRunner.needsReading(line, forced: forced, forcedLines: lines, known: known), unread.intersects(line))
            }
            scheduler.completed(result(of: job, in: frame), offset: .identity)
        }
        return planned
    }

    @Test func aProductNameIsNotReadAgainWhileItsBlurredPixelsShowTheSameTextAndIsOnceTheyShowOther() throws {
        var scheduler = try Self.scheduler(readingLineAs: "ACME Corn Flakes")
        var plannedAt: [UInt64] = []
        // Blur and sway change its pixels on every frame for two seconds, past the known-line lifetime.
        for sequence in UInt64(1)...60 where try Self.linePlanned(&scheduler, sequence: sequence, seed: 7) {
            plannedAt.append(sequence)
        }
        // Nothing for the changes, nor for its retry (see the next test).
        #expect(plannedAt.isEmpty, "\(plannedAt)")
        // Another tag slides over it: read within the 0.3 s between two looks at its picture.
        var slidOver: UInt64?
        for sequence in UInt64(61)...75 where try Self.linePlanned(&scheduler, sequence: sequence, seed: 9) {
            slidOver = slidOver ?? sequence
        }
        let readAt = try #require(slidOver)
        #expect(readAt <= 70, "\(readAt)")
    }

    @Test func aSettledLinesRetryProposesLinesAroundItWithoutReadingItAgain() throws {
        var scheduler = try Self.scheduler(readingLineAs: "Best before 04/28")
        let frame = try GlyphLineFrame.frame(seed: 7)
        var scannedAt: [Int] = []
        // Nothing changes: only the retry, 0.05 s after the read (frame 2), has a scan planned.
        for sequence in 1...4 {
            scheduler.observe(Self.still(), width: Self.width, height: Self.height)
            for job in scheduler.plan(frame: frame, time: Double(sequence) / 30, tracks: [], queueEmpty: false) {
                if case .scan(let unread, let forced, let lines, _, let known, _, _) = job.kind, unread.intersects(Self.line) {
                    scannedAt.append(sequence)
                    #expect(!OCRJobRunner.needsReading(Self.line, forced: forced, forcedLines: lines, known: known))
                }
                scheduler.completed(Self.result(of: job, in: frame), offset: .identity)
            }
        }
        #expect(scannedAt == [2], "\(scannedAt)")
    }

    @Test func aBareNumberIsRetriedAndReadAgainForTheChangeOnceItsReadIsOldEnough() throws {
        // A price whose `Kč` was lost.
        var scheduler = try Self.scheduler(readingLineAs: "2 199")
        var plannedAt: [UInt64] = []
        for sequence in UInt64(1)...12 where try Self.linePlanned(&scheduler, sequence: sequence, seed: 7) {
            plannedAt.append(sequence)
        }
        // Its retry (0.05 s: frame 2), then the content change once its read is 0.3 s old.
        #expect(plannedAt.first == 2 && plannedAt.contains(9), "\(plannedAt)")
    }

    @Test(arguments: [
        ("ACME Corn Flakes", true), ("Tea", true), ("SKU 72775513", true), ("+49 30 6986655", true), ("Best before 04/26", true),
        ("-10%", false), ("2 199", false), ("309 Ke", false), ("88.00", false), ("S12.99", false), ("EUR", false), ("=", true),
        ("ee", true), ("€", false), ("7", false), ("25.05.2024", true),
    ])
    func aReadShowingNothingAPriceCouldBeMadeOfSettlesItsLine(text: String, settles: Bool) {
        let read = OCRLine(text: text, box: OCRRect(x: 0, y: 0, width: 100, height: 20), confidence: 0.9, words: [])
        #expect(OCRScheduler.isSettled([read]) == settles)
    }
}

import Foundation
import Testing

@Suite("lensd replay pacing", .serialized)
struct ReplayPacingTests {
    @Test("a real-time replay faster than OCR accounts for every frame, keeps frame order and shows the newest")
    func pacedReplayAccountsForEveryFrame() throws {
        // 60 frames at 1,000 fps arrive in 60 ms, far faster than one OCR worker reads them. Whether
        // the frame thread keeps up with them too depends on the machine, so the frames dropped
        // (BoundedQueueTests: the oldest) may be none; every frame is processed or dropped either way.
        let run = try LensdProcess.run(["replay", "--fps", "1000", "--workers", "1", LensdProcess.sample("shelf-handheld")])
        #expect(run.status == 0)
        let stats = try #require(run.messages("STATS").first)
        let framesIn = stats["frames_in"] as? Int ?? 0, processed = stats["frames_processed"] as? Int ?? 0
        let dropped = stats["frames_dropped"] as? Int ?? 0
        #expect(framesIn == 60)
        #expect(processed + dropped == framesIn)
        #expect(stats["queue_max_depth"] as? Int ?? 99 <= 2)
        // Scheduled OCR jobs for frames gone stale are dropped: few ever wait (2-7 measured). On a
        // loaded machine every job may go stale before the worker's handle is ready: the totals
        // still say what was planned.
        let waiting = try #require(stats["ocr_queue_max_depth"] as? Int)
        #expect(waiting >= 1 && waiting <= 16)
        let jobs = try #require(stats["ocr_jobs"] as? [String: [String: Any]])
        let planned = jobs.values.reduce(0) { $0 + ($1["count"] as? Int ?? 0) + ($1["dropped"] as? Int ?? 0) }
        #expect(planned >= 1)
        let frames = run.messages("OVERLAYS").compactMap { $0["frame"] as? Int }
        #expect(frames.count == processed)
        #expect(frames == frames.sorted() && Set(frames).count == frames.count)
        #expect(frames.last == 59, "the newest frame is never the one dropped")
    }

    @Test("--loop on standard input is refused with an ERROR, after the stream was replayed once")
    func loopingStandardInput() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: LensdProcess.sample("shelf-pan.y4m")))
        let run = try LensdProcess.run(["replay", "--fast", "--loop", "--workers", "2", "-"], stdin: data)
        #expect(run.status == 0)
        #expect(run.messages("OVERLAYS").count == 12)
        #expect((run.messages("ERROR").first?["message"] as? String ?? "").contains("stdin") || (run.messages("ERROR").first?["message"] as? String ?? "").contains("standard input"))
    }
}
